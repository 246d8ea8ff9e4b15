// `npm start`: builds the web app if it is missing, then runs the server (which migrates and, on
// an empty database outside production, seeds the demo organisation).
import { repoRoot, run, runOrExit, webIsBuilt } from './lib.mjs';

if (!webIsBuilt()) {
  console.log('Building the web app (first start)...');
  await runOrExit('Building the web app', 'npm', ['run', 'build', '--silent']);
}

const code = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  // The server handles SIGTERM and SIGINT itself (drains, closes the database).
});
process.exit(code);

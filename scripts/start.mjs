// `npm start`: builds the web app if it is missing and the server always (a second at most), then
// runs the server (which migrates and, on an empty database outside production, seeds the demo
// organisation).
import { buildServer, repoRoot, run, runOrExit, serverArgs, webIsBuilt } from './lib.mjs';

if (!webIsBuilt()) {
  console.log('Building the web app (first start)...');
  await runOrExit('Building the web app', 'npm', ['run', 'build', '--silent']);
}
await buildServer();

const code = await run(process.execPath, serverArgs, {
  cwd: repoRoot,
  // The server handles SIGTERM and SIGINT itself (drains, closes the database).
});
process.exit(code);

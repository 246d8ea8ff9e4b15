// `npm run dev`: the API (restarting on change) and the Vite dev server, which proxies /api and /idp.
import { spawn } from 'node:child_process';
import { repoRoot } from './lib.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    cwd: repoRoot,
  }),
  spawn('npm', ['run', 'dev', '-w', '@formwork/web'], { stdio: 'inherit', cwd: repoRoot }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

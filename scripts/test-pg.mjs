// `npm run test:pg`: the integration suite against a real PostgreSQL server. Installs Debian's
// postgresql when missing, starts a throwaway cluster on loopback, runs, stops and removes it.
// Arguments are passed to vitest (e.g. a test file to run only that one).
import { run, startPostgres } from './lib.mjs';

const postgres = await startPostgres(['-c fsync=off']);
console.log(`PostgreSQL started at ${postgres.url}`);
let code = 1;
try {
  code = await run('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    env: { ...process.env, TEST_DATABASE_URL: postgres.url },
  });
} finally {
  postgres.stop();
}
process.exit(code);

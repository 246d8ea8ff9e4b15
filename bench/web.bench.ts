// Issue 15.4, a web app that starts light: builds the web app, prints the compressed bytes of what
// index.html makes the browser load before the first screen (entry, its modulepreloads, its CSS)
// against the budget, then times the first screens in Debian's Chromium with the cache off, on
// loopback and on a slow 4G link (1.6 Mbps, 150 ms) with the CPU throttled 4x: the largest
// contentful paint and the folder navigation of the company activity page, and a register's
// first rows, each after sign-in.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { hashPassword } from '@formwork/server/src/modules/identity/password.ts';
import { chromium, type Page } from '@playwright/test';
import { report } from './lib/figures.ts';
import { seedForms } from './lib/forms-seed.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const webDir = path.join(repoRoot, 'apps/web');
const dist = path.join(webDir, 'dist');
/** Issue 15.4: at most 170 KB (decimal, as the 348 KB it started from) of gzipped JS and CSS. */
const budgetBytes = 170_000;
const goals = { slow4g: 2500, loopback: 1500 };

// 1. Build, and weigh what index.html references.
const built = spawnSync('npm', ['run', 'build', '--silent', '-w', '@formwork/web'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the web build failed');
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const firstScreen = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
let gzipBytes = 0;
let brotliBytes = 0;
let rawBytes = 0;
const files: Record<string, number> = {};
for (const file of firstScreen) {
  const source = readFileSync(path.join(dist, file));
  const gz = zlib.gzipSync(source, { level: 9 }).length;
  rawBytes += source.length;
  gzipBytes += gz;
  brotliBytes += zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
  files[path.basename(file)] = gz;
}
report('web.firstScreen.gzip', gzipBytes, 'bytes', {
  budget: budgetBytes,
  met: gzipBytes <= budgetBytes,
  files,
});
report('web.firstScreen.brotli', brotliBytes, 'bytes', { raw: rawBytes });

// The first screen carries only its components' styles (app/first-screen-styles.ts): a Mantine
// component in the entry whose styles are not listed there would show unstyled until a lazy part
// loads all of them.
const stylesList = readFileSync(path.join(webDir, 'src/app/first-screen-styles.ts'), 'utf8');
const mantineStyles = path.join(webDir, 'node_modules/@mantine/core/styles');
// Likewise the first screen carries only its own text groups (lib/i18n.ts imports them by name):
// a group its code uses that is not listed there would show as a bare key until the rest loads.
const i18nModule = readFileSync(path.join(webDir, 'src/lib/i18n.ts'), 'utf8');
const textGroups = new Set(Object.keys(JSON.parse(readFileSync(path.join(webDir, 'src/locales/en-US.json'), 'utf8'))));
const missingTexts = new Set<string>();
const unstyled = new Set<string>();
for (const file of firstScreen.filter((f) => f.endsWith('.js'))) {
  let map: { sources: string[]; sourcesContent?: (string | null)[] };
  try {
    map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
  } catch {
    continue;
  }
  map.sources.forEach((source, index) => {
    // The web app's own code (translation keys live there; the shared package has none).
    if (!path.resolve(dist, 'assets', source).startsWith(path.join(webDir, 'src'))) return;
    for (const match of (map.sourcesContent?.[index] ?? '').matchAll(
      /['"`]([A-Za-z]+)\.[A-Za-z$]|\bt\(\s*['"`]([A-Za-z]+)['"`]/g,
    )) {
      const group = (match[1] ?? match[2]) as string;
      if (textGroups.has(group) && !new RegExp(`^  ${group},$`, 'm').test(i18nModule)) missingTexts.add(group);
    }
  });
  for (const source of map.sources) {
    const name = /@mantine\/core\/esm\/components\/([A-Za-z]+)\//.exec(source)?.[1];
    if (!name || stylesList.includes(`styles/${name}.css`)) continue;
    try {
      readFileSync(path.join(mantineStyles, `${name}.css`));
      unstyled.add(name);
    } catch {
      // This component has no styles of its own.
    }
  }
}
report('web.firstScreen.componentsWithoutStyles', unstyled.size, 'components', { names: [...unstyled] });
report('web.firstScreen.textGroupsMissing', missingTexts.size, 'groups', { names: [...missingTexts] });

// 2. The first screens in Chromium.
const password = 'Bench-password-1';
const server = await prepareServerProcess(undefined, { webDist: dist });
const seed = await seedForms(server, 200);
const email = `bench-${seed.userId}@example.com`;
await server.database.execScript(
  `update users set password_hash = '${await hashPassword(password)}' where user_id = '${seed.userId}';`,
);
await server.start();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

type Timings = { lcp: number; folderNav: number; bytes: number };

/** Opens `url` in a fresh tab of the signed-in context and waits for `selector`; times on the page's clock. */
async function timedLoad(page: Page, url: string, selector: string, throttled: boolean): Promise<Timings> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(url);
  await page.locator(selector).first().waitFor({ timeout: 120_000 });
  const shownAt = await page.evaluate(() => performance.now());
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 5000);
      }),
  );
  await cdp.detach();
  return { lcp, folderNav: shownAt, bytes };
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Sign in once (unthrottled): the session is kept in the context's storage, as a returning user has.
  const signIn = await context.newPage();
  await signIn.goto(`${server.url}/`);
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.locator('[data-folder-row]').first().waitFor({ timeout: 60_000 });
  await signIn.close();

  const activity = `${server.url}/home/companies/${seed.workspaceId}/activity`;
  const register = `${server.url}/apps/teams/${seed.teamId}/register/${seed.templateId}`;
  for (const [network, throttled] of [
    ['loopback', false],
    ['slow4g', true],
  ] as const) {
    const goal = goals[network];
    const page = await context.newPage();
    const company = await timedLoad(page, activity, '[data-folder-row]', throttled);
    report(`web.activity.lcp.${network}`, company.lcp, 'ms', { goal: `< ${goal}`, met: company.lcp < goal });
    report(`web.activity.folderNav.${network}`, company.folderNav, 'ms', { transferred: company.bytes });
    await page.close();
    const registerPage = await context.newPage();
    const rows = await timedLoad(registerPage, register, '[data-register-row]', throttled);
    report(`web.register.lcp.${network}`, rows.lcp, 'ms', { goal: `< ${goal}`, met: rows.lcp < goal });
    report(`web.register.firstRows.${network}`, rows.folderNav, 'ms', { transferred: rows.bytes });
    await registerPage.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

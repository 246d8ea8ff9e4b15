import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The accessibility check of issue 27: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules.
 *
 * To have a spec checked, import `test` and `expect` from here instead of '@playwright/test':
 *
 *   import { expect, test } from './axe.ts';
 *
 * Every page the test's `page` lands on (a full load or a route change of the app) is then
 * scanned once it has settled, and the page it ends on too; the test fails on any serious or
 * critical violation, listing each rule, the page and the elements. `axe.check('label')` scans
 * the page as it is now (a dialog that is open, a state after a click) and fails at once.
 * `test.use({ axeSkip: ['rule-id'] })` leaves a rule out for a spec, with the reason beside it;
 * `test.use({ axeOnNavigation: false })` scans only where the spec calls `axe.check` (and at the end).
 */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const failingImpacts = new Set(['serious', 'critical']);

export type AxeFinding = {
  rule: string;
  impact: string;
  help: string;
  url: string;
  label: string;
  targets: string[];
};

/** Scans the page now and returns its serious and critical violations. */
export async function axeFindings(page: Page, label = '', skip: string[] = []): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(axeTags);
  if (skip.length > 0) builder = builder.disableRules(skip);
  const results = await builder.analyze();
  // One h1 and one main landmark per page (WCAG 1.3.1, 2.4.6): axe's own rules want at least one.
  const structure = await page.evaluate(() => {
    const visible = (e: Element) =>
      (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === 'fixed';
    return {
      h1: Array.from(document.querySelectorAll('h1'))
        .filter(visible)
        .map((e) => e.outerHTML.slice(0, 80)),
      main: Array.from(document.querySelectorAll('main, [role="main"]'))
        .filter(visible)
        .map((e) => e.tagName.toLowerCase()),
    };
  });
  const own: AxeFinding[] = [];
  const url = new URL(results.url).pathname;
  if (structure.h1.length !== 1) {
    own.push({
      rule: 'one-h1',
      impact: 'serious',
      help: 'A page has exactly one h1',
      url,
      label,
      targets: structure.h1.length ? structure.h1 : ['(none)'],
    });
  }
  if (structure.main.length !== 1) {
    own.push({
      rule: 'one-main',
      impact: 'serious',
      help: 'A page has exactly one main landmark',
      url,
      label,
      targets: structure.main.length ? structure.main : ['(none)'],
    });
  }
  return own.concat(
    results.violations
      .filter((v) => failingImpacts.has(v.impact ?? ''))
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        url: new URL(results.url).pathname,
        label,
        targets: v.nodes.map((n) => n.target.join(' ')),
      })),
  );
}

/** One line per violation: rule, impact, where, and the elements (at most five). */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => {
      const more = f.targets.length > 5 ? ` and ${f.targets.length - 5} more` : '';
      const where = f.label ? `${f.url} (${f.label})` : f.url;
      return `${f.rule} [${f.impact}] ${f.help} at ${where}: ${f.targets.slice(0, 5).join(', ')}${more}`;
    })
    .join('\n');
}

/** Waits until the page's DOM has been still for `quietMs` (at most `maxMs`). */
export async function settled(page: Page, quietMs = 400, maxMs = 5_000) {
  await page.waitForLoadState('load');
  await page.evaluate(
    ([quiet, max]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, max);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    [quietMs, maxMs] as const,
  );
}

export type AxeCheck = {
  /** Scans the page as it is now and fails the test on a serious or critical violation. */
  check: (label?: string) => Promise<void>;
  /** Every serious or critical violation found so far in this test (navigations and checks). */
  findings: () => AxeFinding[];
};

type AxeFixtures = { axe: AxeCheck; axeSkip: string[]; axeOnNavigation: boolean };

export const test = base.extend<AxeFixtures>({
  axeSkip: [[], { option: true }],
  axeOnNavigation: [true, { option: true }],
  axe: [
    async ({ page, axeSkip, axeOnNavigation }, use, testInfo) => {
      // Motion off, so a dialog's fade is not measured half-way (the app respects reduced motion).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found = new Map<string, AxeFinding>();
      const keep = (findings: AxeFinding[]) => {
        for (const f of findings) found.set(`${f.url} ${f.rule} ${f.targets.join('|')}`, f);
      };

      // After each navigation of the main frame (loads and the app's route changes), one scan of
      // the settled page; scans run one at a time, and a scan the test outran is let go.
      let navigations = 0;
      let queue = Promise.resolve();
      const onNavigated = (frame: { parentFrame(): unknown; url(): string }) => {
        if (frame.parentFrame() !== null || !frame.url().startsWith('http')) return;
        const seen = ++navigations;
        queue = queue.then(async () => {
          if (seen !== navigations) return;
          try {
            await settled(page);
            if (seen !== navigations) return;
            const findings = await axeFindings(page, '', axeSkip);
            if (seen === navigations) keep(findings);
          } catch {
            // The page went on (closed, navigated) while it was scanned: the next scan covers it.
          }
        });
      };
      if (axeOnNavigation) page.on('framenavigated', onNavigated);

      const check = async (label = '') => {
        await settled(page);
        const findings = await axeFindings(page, label, axeSkip);
        keep(findings);
        expect(findings, `axe found serious or critical violations:\n${describeFindings(findings)}`).toEqual([]);
      };

      await use({ check, findings: () => [...found.values()] });

      page.off('framenavigated', onNavigated);
      await queue;
      // The page the test ended on, unless the test failed already (its page may be anywhere).
      if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && page.url().startsWith('http')) {
        try {
          keep(await axeFindings(page, 'at the end', axeSkip));
        } catch {
          // Closed meanwhile.
        }
      }
      const all = [...found.values()];
      if (all.length > 0) {
        await testInfo.attach('axe-violations.json', {
          body: JSON.stringify(all, null, 2),
          contentType: 'application/json',
        });
      }
      if (testInfo.status === testInfo.expectedStatus) {
        expect(all, `axe found serious or critical violations:\n${describeFindings(all)}`).toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };

import axe from 'axe-core';

/**
 * axe-core's WCAG A and AA rules on a rendered component (issue 27), the same tags as the
 * end-to-end check (e2e/tests/axe.ts). jsdom lays nothing out, so colour contrast and target size
 * are left to the end-to-end check; names, roles and ARIA are checked here.
 *
 *   expect(await axeViolations(container)).toEqual([]);
 */
export async function axeViolations(context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`));
}

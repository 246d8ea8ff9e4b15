import { type RefObject, useLayoutEffect, useMemo, useState } from 'react';

export type WindowRow = { index: number; start: number; size: number };

/** The rows from `top` to `top + height`, plus `overscan` either side (at least the first in view). */
export function rowWindow(sizes: readonly number[], top: number, height: number, overscan: number): WindowRow[] {
  if (sizes.length === 0) return [];
  const starts: number[] = [];
  let offset = 0;
  for (const size of sizes) {
    starts.push(offset);
    offset += size;
  }
  let first = 0;
  while (first < sizes.length - 1 && (starts[first] as number) + (sizes[first] as number) <= top) first++;
  let last = first;
  while (last < sizes.length - 1 && (starts[last + 1] as number) < top + height) last++;
  const rows: WindowRow[] = [];
  for (let index = Math.max(0, first - overscan); index <= Math.min(sizes.length - 1, last + overscan); index++) {
    rows.push({ index, start: starts[index] as number, size: sizes[index] as number });
  }
  return rows;
}

/**
 * The rows of a scrolled list worth rendering, for rows whose heights are known up front (the
 * folder navigation's, folder-nav-rows.ts `rowHeight`): the rows in view of `scrollRef` and
 * `overscan` either side, positioned by their sums, as TanStack Virtual's estimate-only use did.
 * The first screen needs nothing more, and TanStack Virtual (about 9 KB gzip) stays with the
 * screens whose rows are measured (issue 15.4).
 */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, sizes: readonly number[], overscan: number) {
  const [viewport, setViewport] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () =>
      setViewport((current) =>
        current.top === element.scrollTop && current.height === element.clientHeight
          ? current
          : { top: element.scrollTop, height: element.clientHeight },
      );
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [scrollRef]);
  const rows = useMemo(() => rowWindow(sizes, viewport.top, viewport.height, overscan), [sizes, viewport, overscan]);
  const totalSize = useMemo(() => sizes.reduce((sum, size) => sum + size, 0), [sizes]);
  return { rows, totalSize };
}

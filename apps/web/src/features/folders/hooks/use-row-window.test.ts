import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowWindow, useRowWindow } from './use-row-window.ts';

const indexes = (rows: { index: number }[]) => rows.map((row) => row.index);

describe('rowWindow', () => {
  const sizes = Array.from({ length: 100 }, (_, i) => (i % 2 ? 32 : 40)); // 72 px a pair

  it('renders the first row and the overscan before the list has a height (as on the first render)', () => {
    expect(indexes(rowWindow(sizes, 0, 0, 12))).toEqual([...Array(13).keys()]);
  });

  it('renders the rows in view and the overscan either side, each at the sum of the sizes above it', () => {
    // 720 px scrolled: rows 20 onwards; 360 px high: to row 29.
    const rows = rowWindow(sizes, 720, 360, 2);
    expect(indexes(rows)).toEqual([...Array(14).keys()].map((i) => i + 18));
    expect(rows[0]).toEqual({ index: 18, start: 648, size: 40 });
    expect(rows.at(-1)).toEqual({ index: 31, start: 1120, size: 32 });
  });

  it('stops at the ends of the list', () => {
    expect(indexes(rowWindow(sizes, 3500, 400, 3)).at(-1)).toBe(99);
    expect(rowWindow([], 0, 500, 12)).toEqual([]);
  });
});

describe('useRowWindow', () => {
  it('follows the list as it scrolls', () => {
    const element = document.createElement('div');
    Object.defineProperty(element, 'clientHeight', { value: 400 });
    const sizes = Array.from({ length: 1000 }, () => 40);
    const { result } = renderHook(() => useRowWindow({ current: element }, sizes, 2));
    expect(result.current.totalSize).toBe(40_000);
    expect(result.current.rows.map((row) => row.index)).toEqual([...Array(12).keys()]);
    act(() => {
      element.scrollTop = 4000;
      element.dispatchEvent(new Event('scroll'));
    });
    expect(result.current.rows[0]).toEqual({ index: 98, start: 3920, size: 40 });
    expect(result.current.rows.at(-1)?.index).toBe(111);
  });
});

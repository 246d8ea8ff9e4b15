import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expandStateSaveDebounceMs, expandStateStorageKey, readExpandState, useExpandState } from './expand-state.ts';

describe('folder expand state (spec 2.4, 9)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('expands projects by default and saves changes per workspace after 300 ms', () => {
    const { result } = renderHook(() => useExpandState('w1'));
    expect(result.current.isExpanded('p1')).toBe(true);
    act(() => result.current.toggle('p1'));
    expect(result.current.isExpanded('p1')).toBe(false);
    expect(localStorage.getItem(expandStateStorageKey)).toBeNull();
    act(() => vi.advanceTimersByTime(expandStateSaveDebounceMs));
    expect(JSON.parse(localStorage.getItem(expandStateStorageKey) as string)).toEqual({ w1: { p1: false } });
  });

  it('collapses and expands all, and keeps other workspaces', () => {
    localStorage.setItem(expandStateStorageKey, JSON.stringify({ w2: { p9: false } }));
    const { result } = renderHook(() => useExpandState('w1'));
    act(() => result.current.setAll(['p1', 'p2'], false));
    act(() => vi.advanceTimersByTime(expandStateSaveDebounceMs));
    expect(readExpandState('w1')).toEqual({ p1: false, p2: false });
    expect(readExpandState('w2')).toEqual({ p9: false });
    act(() => result.current.setAll(['p1', 'p2'], true));
    expect(result.current.isExpanded('p2')).toBe(true);
  });

  it('reads what was saved before', () => {
    localStorage.setItem(expandStateStorageKey, JSON.stringify({ w1: { p1: false } }));
    const { result } = renderHook(() => useExpandState('w1'));
    expect(result.current.isExpanded('p1')).toBe(false);
    expect(result.current.isExpanded('p2')).toBe(true);
  });
});

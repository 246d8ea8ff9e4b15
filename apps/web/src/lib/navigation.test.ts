import { UNSAFE_createMemoryHistory } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type BlockerFunction, createBlockingHistory } from './navigation.tsx';

function setUp(initialEntries = ['/a', '/b', '/c'], initialIndex = 1) {
  const history = createBlockingHistory(UNSAFE_createMemoryHistory({ initialEntries, initialIndex, v5Compat: true }));
  const shown = vi.fn();
  history.listen(shown);
  // Blocks any change of page, as the unsaved-changes guard does while an editor is dirty.
  const blocker = vi.fn<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  return { history, shown, blocker };
}

describe('createBlockingHistory', () => {
  it('holds a push and a replace until proceed; reset drops them', () => {
    const { history, shown, blocker } = setUp();
    history.block(blocker);
    history.push('/d');
    expect(history.location.pathname).toBe('/b');
    expect(history.blocker()).toMatchObject({ state: 'blocked', location: { pathname: '/d' } });
    history.blocker().reset?.();
    expect(history.blocker().state).toBe('unblocked');
    history.replace({ pathname: '/e' });
    history.blocker().proceed?.();
    expect(history.location.pathname).toBe('/e');
    expect(shown).toHaveBeenCalledTimes(1);
    expect(blocker).toHaveBeenLastCalledWith(expect.objectContaining({ historyAction: 'REPLACE' }));
  });

  it('lets a change of query parameters through', () => {
    const { history, blocker } = setUp();
    history.block(blocker);
    history.push('/b?actionId=1');
    expect(history.location.search).toBe('?actionId=1');
    expect(history.blocker().state).toBe('unblocked');
  });

  it('steps back and forward again: the page stays until proceed, then goes', () => {
    const { history, shown, blocker } = setUp();
    history.block(blocker);
    history.go(1);
    expect(history.location.pathname).toBe('/b');
    expect(history.blocker()).toMatchObject({ state: 'blocked', location: { pathname: '/c' } });
    expect(shown).not.toHaveBeenCalled();
    history.blocker().proceed?.();
    expect(history.location.pathname).toBe('/c');
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ action: 'POP', delta: 1 }));
    expect(history.blocker().state).toBe('unblocked');
  });

  it('navigates freely once the blocker is removed', () => {
    const { history, blocker } = setUp();
    const unblock = history.block(blocker);
    unblock();
    history.go(-1);
    expect(history.location.pathname).toBe('/a');
    expect(blocker).not.toHaveBeenCalled();
  });
});

import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
  type Location,
  type NavigationType,
  parsePath,
  type To,
  UNSAFE_createBrowserHistory,
} from 'react-router';
import { addNavigationBreadcrumb } from './error-reporter.ts';

type History = HistoryRouterProps['history'];
type Update = { action: NavigationType; location: Location; delta: number | null };

/** Says whether leaving `currentLocation` for `nextLocation` must wait for the user. */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}) => boolean;

/** A navigation held back by the blocker: `proceed` carries it out, `reset` drops it. */
export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

const unblocked: Blocker = { state: 'unblocked' };

/** The app's history: every navigation (push, replace, back and forward) passes the blocker first. */
export type BlockingHistory = History & {
  /** Sets the one blocker (the unsaved-changes guard); returns its removal. */
  block: (blocker: BlockerFunction) => () => void;
  blocker: () => Blocker;
  subscribeBlocker: (onChange: () => void) => () => void;
};

function locationOf(base: History, to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? base.location.pathname,
    search: path.search ?? '',
    hash: path.hash ?? '',
    state: state ?? null,
    key: '',
  };
}

/**
 * Wraps a history (the browser's in the app, a memory one in tests) for React Router's declarative
 * mode, which has no blocker of its own (issue 15.4: the data router's `createRouter`, about 17 KB
 * gzip, was on the first screen for `useBlocker` alone). It blocks as the data router did:
 * a push or replace is held before it happens; back and forward have already moved the URL, so it
 * steps back by the same distance and steps forward again on `proceed`.
 */
export function createBlockingHistory(base: History): BlockingHistory {
  const listeners = new Set<(update: Update) => void>();
  const blockerListeners = new Set<() => void>();
  let blockerFunction: BlockerFunction | null = null;
  let state: Blocker = unblocked;
  let shown = base.location;
  /** The next POP undoes a blocked one (not shown), or carries out a proceeded one (not asked). */
  let nextPop: 'ignore' | 'pass' | null = null;

  const setState = (next: Blocker) => {
    state = next;
    for (const onChange of blockerListeners) onChange();
  };
  const blocks = (nextLocation: Location, historyAction: NavigationType) =>
    blockerFunction?.({ currentLocation: shown, nextLocation, historyAction });
  const hold = (location: Location, go: () => void) =>
    setState({
      state: 'blocked',
      location,
      proceed: () => {
        setState(unblocked);
        go();
      },
      reset: () => setState(unblocked),
    });

  base.listen((update) => {
    if (update.action === 'POP' && nextPop === 'ignore') {
      nextPop = null;
      return;
    }
    const passed = nextPop === 'pass';
    nextPop = null;
    if (update.action === 'POP' && !passed && update.delta && blocks(update.location, update.action)) {
      const delta = update.delta;
      nextPop = 'ignore';
      base.go(-delta);
      hold(update.location, () => {
        nextPop = 'pass';
        base.go(delta);
      });
      return;
    }
    shown = update.location;
    for (const listener of listeners) listener(update);
  });

  const navigate = (action: NavigationType, to: To, historyState: unknown, go: () => void) => {
    const location = locationOf(base, to, historyState);
    if (blocks(location, action)) hold(location, go);
    else go();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, historyState) => navigate('PUSH' as NavigationType, to, historyState, () => base.push(to, historyState)),
    replace: (to, historyState) =>
      navigate('REPLACE' as NavigationType, to, historyState, () => base.replace(to, historyState)),
    go: (delta) => base.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block: (blocker) => {
      blockerFunction = blocker;
      return () => {
        if (blockerFunction === blocker) blockerFunction = null;
        if (state.state === 'blocked') setState(unblocked);
      };
    },
    blocker: () => state,
    subscribeBlocker: (onChange) => {
      blockerListeners.add(onChange);
      return () => blockerListeners.delete(onChange);
    },
  };
}

const HistoryContext = createContext<BlockingHistory | null>(null);

/** The app's router: React Router in declarative mode over a blocking history. */
export function AppRouter({ history, children }: { history?: BlockingHistory; children: ReactNode }) {
  const [appHistory] = useState(
    () => history ?? createBlockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true })),
  );
  // Each route change is a breadcrumb of the error reports.
  useEffect(() => appHistory.listen(({ location }) => addNavigationBreadcrumb(location.pathname)), [appHistory]);
  return (
    <HistoryContext.Provider value={appHistory}>
      <HistoryRouter history={appHistory}>{children}</HistoryRouter>
    </HistoryContext.Provider>
  );
}

/** React Router's `useBlocker`, for the declarative router: one blocker at a time. */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useBlocker needs an AppRouter above it');
  useEffect(() => history.block(shouldBlock), [history, shouldBlock]);
  return useSyncExternalStore(history.subscribeBlocker, history.blocker);
}

import { Button, Group, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type BlockerFunction, useBlocker } from '../../lib/navigation.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { OnDemandModal } from './on-demand-modal.tsx';

/** One editor's unsaved state, as registered with the provider. */
type Entry = { dirty: boolean; onSave?: () => Promise<boolean> };

/** What waits for the user's answer: a blocked navigation, or an editor's own close (a modal). */
type Pending = { kind: 'navigation' } | { kind: 'close'; leave: () => void };

type Registry = {
  set: (id: string, entry: Entry) => void;
  remove: (id: string) => void;
  isDirty: (id: string) => boolean;
  ask: (leave: () => void) => void;
  asking: () => boolean;
  withoutAsking: (go: () => void) => void;
};

const RegistryContext = createContext<Registry | null>(null);
/** True while the dialog is open: an editor's modal then leaves Escape to the dialog. */
const AskingContext = createContext(false);

/**
 * The one guard against losing unsaved edits (issue 14.1): the app router's blocker (links, folder
 * clicks, browser back and forward, programmatic navigation) plus `beforeunload` (reload, closing
 * the tab, leaving the app), and one dialog. Editors register with useUnsavedChangesGuard(dirty).
 * A router supports one blocker at a time, so there is exactly one, here, for every editor.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const entries = useRef(new Map<string, Entry>());
  const bypass = useRef(false);
  const [dirtyCount, setDirtyCount] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const [saving, setSaving] = useState(false);

  const anyDirty = useCallback(() => [...entries.current.values()].some((e) => e.dirty), []);
  const recount = useCallback(() => {
    setDirtyCount([...entries.current.values()].filter((e) => e.dirty).length);
  }, []);

  // Only a change of page asks: query parameters (a modal opened by ?actionId, a view setting)
  // keep the editor on screen.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !bypass.current && anyDirty() && currentLocation.pathname !== nextLocation.pathname,
    [anyDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (dirtyCount === 0) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirtyCount]);

  const open = useCallback((next: Pending | null) => {
    pendingRef.current = next;
    setPending(next);
  }, []);

  useEffect(() => {
    if (blocker.state === 'blocked' && pendingRef.current?.kind !== 'navigation') open({ kind: 'navigation' });
    if (blocker.state !== 'blocked' && pendingRef.current?.kind === 'navigation') open(null);
  }, [blocker.state, open]);

  const registry = useMemo<Registry>(
    () => ({
      set: (id, entry) => {
        entries.current.set(id, entry);
        recount();
      },
      remove: (id) => {
        entries.current.delete(id);
        recount();
      },
      isDirty: (id) => entries.current.get(id)?.dirty ?? false,
      ask: (leave) => open({ kind: 'close', leave }),
      asking: () => pendingRef.current !== null,
      withoutAsking: (go) => {
        bypass.current = true;
        try {
          go();
        } finally {
          bypass.current = false;
        }
      },
    }),
    [recount, open],
  );

  // Save is offered when exactly one editor has unsaved changes and it can save from here.
  const dirtyEntries = pending ? [...entries.current.values()].filter((e) => e.dirty) : [];
  const onSave = pending?.kind === 'navigation' && dirtyEntries.length === 1 ? dirtyEntries[0]?.onSave : undefined;

  const stay = () => {
    if (pendingRef.current?.kind === 'navigation') blocker.reset?.();
    open(null);
  };
  const leave = () => {
    const current = pendingRef.current;
    open(null);
    if (current?.kind === 'navigation') blocker.proceed?.();
    else if (current?.kind === 'close') current.leave();
  };
  const save = async () => {
    if (!onSave) return;
    setSaving(true);
    try {
      const saved = await onSave();
      open(null);
      if (saved) blocker.proceed?.();
      else blocker.reset?.();
    } finally {
      setSaving(false);
    }
  };

  return (
    <RegistryContext.Provider value={registry}>
      <AskingContext.Provider value={pending !== null}>{children}</AskingContext.Provider>
      <OnDemandModal opened={pending !== null} onClose={stay} title={t('unsavedChanges.title')} centered zIndex={300}>
        <Text size="sm">{onSave ? t('unsavedChanges.bodyWithSave') : t('unsavedChanges.body')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={stay}>
            {t('unsavedChanges.stay')}
          </Button>
          <Button variant="light" color="red" onClick={leave}>
            {t('unsavedChanges.leave')}
          </Button>
          {onSave && (
            <Button loading={saving} onClick={() => void save()}>
              {t('unsavedChanges.save')}
            </Button>
          )}
        </Group>
      </OnDemandModal>
    </RegistryContext.Provider>
  );
}

export type UnsavedChangesGuard = {
  /** The dialog is open (a modal editor should not close on Escape meanwhile). */
  asking: boolean;
  /** Closes an editor of its own (a modal's Cancel, X or Escape): asks first when it has unsaved changes. */
  confirmLeave: (leave: () => void) => void;
  /** Runs a navigation that must not ask (the one that follows a successful save). */
  leaveWithoutAsking: (go: () => void) => void;
};

/**
 * Registers an editor's unsaved state with the shared guard: while `dirty`, leaving the page (a
 * link, a folder, browser back, closing the tab) asks first. `onSave`, when given, adds Save to
 * the dialog (it resolves true when saved; the navigation then goes on).
 */
export function useUnsavedChangesGuard(dirty: boolean, options: { onSave?: () => Promise<boolean> } = {}) {
  const registry = useContext(RegistryContext);
  const asking = useContext(AskingContext);
  if (!registry) throw new Error('useUnsavedChangesGuard needs an UnsavedChangesProvider above it');
  const id = useId();
  const onSaveRef = useRef(options.onSave);
  onSaveRef.current = options.onSave;
  const canSave = options.onSave !== undefined;

  useEffect(() => {
    registry.set(id, { dirty, onSave: canSave ? () => onSaveRef.current?.() ?? Promise.resolve(false) : undefined });
  }, [registry, id, dirty, canSave]);
  useEffect(() => () => registry.remove(id), [registry, id]);

  return useMemo<UnsavedChangesGuard>(
    () => ({
      asking,
      confirmLeave: (leave) => {
        if (registry.asking()) return;
        if (registry.isDirty(id)) registry.ask(leave);
        else leave();
      },
      leaveWithoutAsking: registry.withoutAsking,
    }),
    [registry, id, asking],
  );
}

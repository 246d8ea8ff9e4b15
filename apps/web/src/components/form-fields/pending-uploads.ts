import { useCallback, useMemo, useRef, useState } from 'react';
import type { FormFieldEnv } from './field-context.tsx';

/**
 * The uploads a form's fields have started and not finished (a signature or photo still on its
 * way), so that Save waits for them and then sends what they set, instead of a form without them.
 * `track` wraps the field environment's upload (and the saved-signature load that precedes one);
 * `settled` answers once none is pending and the fields have set what their uploads answered.
 */
export function usePendingUploads() {
  const pending = useRef(new Set<Promise<unknown>>());
  const [waiting, setWaiting] = useState(false);

  const track = useCallback(<A extends unknown[], T>(start: (...args: A) => Promise<T>) => {
    return (...args: A): Promise<T> => {
      const running = start(...args);
      pending.current.add(running);
      const done = () => pending.current.delete(running);
      running.then(done, done);
      return running;
    };
  }, []);

  const settled = useCallback(async () => {
    if (pending.current.size === 0) return;
    setWaiting(true);
    try {
      // A field that answers one upload may start the next (several photos): wait for those too.
      while (pending.current.size > 0) await Promise.allSettled([...pending.current]);
      // The fields set their values right after their uploads answer: let those land first.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      setWaiting(false);
    }
  }, []);

  return { track, settled, waiting };
}

export type PendingUploads = ReturnType<typeof usePendingUploads>;

/** The field environment with its uploads (and saved-signature loads) tracked. */
export function useTrackedEnv(env: FormFieldEnv, uploads: PendingUploads): FormFieldEnv {
  const { track } = uploads;
  return useMemo(
    () => ({
      ...env,
      upload: track(env.upload),
      ...(env.mySignature ? { mySignature: track(env.mySignature) } : {}),
    }),
    [env, track],
  );
}

import { type ComponentType, Suspense, useState } from 'react';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';

/**
 * A part of the first screen that shows only sometimes (a dialog, a banner, the folder list's
 * select mode): its code loads when `when` first holds, not with the first screen (issue 15.4,
 * ADR 0013). It renders while `when` holds; a dialog (`keepMounted`) stays mounted once it has
 * shown, so its closing transition still plays. The part takes the same props as before, `when`
 * aside.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() signature.
export function onDemand<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
  { keepMounted = false }: { keepMounted?: boolean } = {},
) {
  const Part = lazyWithReload(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy is.
  function OnDemand({ when, ...props }: P & { when: boolean }) {
    const [wanted, setWanted] = useState(when);
    if (when && !wanted) setWanted(true);
    if (!(keepMounted ? wanted : when)) return null;
    return (
      <Suspense fallback={null}>
        <Part {...(props as unknown as P)} />
      </Suspense>
    );
  }
  return OnDemand;
}

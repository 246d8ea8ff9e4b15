import type { ModalProps } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';

const Modal = lazyWithReload(() => import('./modal-component.ts'));

/** Mounts closed, then opens on the next commit: Mantine's opening transition then plays as before. */
function Opening(props: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Modal {...props} opened={props.opened && mounted} />;
}

/**
 * Mantine's Modal for dialogs of the first screen (issue 15.4): the modal's code (focus trap,
 * overlay, scroll lock) and styles load when it first opens, not with the first screen. Same props.
 */
export function OnDemandModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Opening {...props} />
    </Suspense>
  );
}

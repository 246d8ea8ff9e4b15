import { useState } from 'react';
import type { Confirmation } from '../../../components/ui/confirm-modal.tsx';

/** One confirmation dialog at a time; `whileBusy` shows progress while the confirmed work runs, then closes. */
export function useConfirmation() {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setConfirmation(null);
  const whileBusy = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      close();
    }
  };
  return { confirmation, busy, ask: setConfirmation, close, whileBusy };
}

export type ConfirmationState = ReturnType<typeof useConfirmation>;

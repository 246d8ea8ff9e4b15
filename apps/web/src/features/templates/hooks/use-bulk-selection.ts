import { useCallback, useEffect, useState } from 'react';
import type { Bulk } from '../model/bulk.ts';

/** The deployment dialog open: one template's teams, a selection deployed or undeployed, or the library picker. */
export type DeployState =
  | { mode: 'manage'; templateId: string; name: string }
  | { mode: 'deploy' | 'undeploy'; templateIds: string[]; name: string }
  | { mode: 'library' }
  | null;

/**
 * Bulk select mode and the deployment dialog (spec 2.5, 4.3). Escape leaves bulk mode unless a
 * dialog is open; switching folder or Active/Archived (`viewKey`) leaves it too.
 */
export function useBulkSelection(viewKey: string, confirmationOpen: boolean) {
  const [bulk, setBulk] = useState<Bulk>(null);
  const [deploy, setDeploy] = useState<DeployState>(null);

  const stopBulk = useCallback(() => setBulk(null), []);
  useEffect(() => {
    if (!bulk) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !confirmationOpen && !deploy) stopBulk();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [bulk, confirmationOpen, deploy, stopBulk]);

  const [shownKey, setShownKey] = useState(viewKey);
  if (shownKey !== viewKey) {
    setShownKey(viewKey);
    setBulk(null);
  }

  return { bulk, setBulk, stopBulk, deploy, setDeploy };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;

import { useEffect, useRef } from 'react';
import { FullPageMessage } from '../../features/auth/components/full-page-message.tsx';
import { storedWorkspaceId } from '../../features/workspaces/hooks/current-workspace.ts';
import { apiRequest } from '../../lib/http.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { helpLinks } from '../shell/help-menu.tsx';

/**
 * `redirect/product-board` (spec 2.1): records the click, in the workspace the person last worked
 * in (issue 25.3), then sends the browser to the roadmap. A failed record never keeps them here.
 */
export function ProductBoardRoute({
  go = (url: string) => window.location.replace(url),
}: {
  go?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const workspaceId = storedWorkspaceId();
    void apiRequest('/api/me/events', {
      method: 'POST',
      body: { name: 'productBoardClicked', ...(workspaceId ? { workspaceId } : {}) },
    })
      .catch(() => {})
      .finally(() => go(helpLinks.webRoadmap));
  }, [go]);
  return <FullPageMessage message={t('auth.redirecting')} />;
}

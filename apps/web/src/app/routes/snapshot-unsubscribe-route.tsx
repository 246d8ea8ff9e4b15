import { useParams } from 'react-router';
import { UnsubscribePage } from '../../features/analytics/components/unsubscribe-page.tsx';

/** `snapshots/unsubscribe/{workspaceId}/{subscriptionId}/{token}` (issue 20.4): a snapshot e-mail's unsubscribe link, no sign-in. */
export function SnapshotUnsubscribeRoute() {
  const { workspaceId = '', subscriptionId = '', token = '' } = useParams();
  return <UnsubscribePage link={{ workspaceId, subscriptionId, token }} />;
}

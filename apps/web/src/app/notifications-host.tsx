import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { toastDurationMs } from '../lib/toast.tsx';

/** Spec 8.2: where toasts show. Loaded with the first toast (providers.tsx), not with the first screen. */
export default function NotificationsHost() {
  return <Notifications position="top-center" autoClose={toastDurationMs} limit={5} />;
}

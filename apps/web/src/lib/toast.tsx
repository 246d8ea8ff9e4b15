import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** Spec 8.2: toasts sit top-centre, have a close button, stay 3500 ms and never show twice at once. */
export const toastDurationMs = 3500;

type ToastKind = 'success' | 'error' | 'info';

const colours: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue' };

export function showToast(kind: ToastKind, message: string, options: { link?: { href: string; label: string } } = {}) {
  notifications.show({
    // The same text shown again while visible is the same toast, so it is not repeated.
    id: `${kind}:${message}`,
    message: options.link ? (
      <Text size="sm">
        {message}.{' '}
        <Anchor href={options.link.href} target="_blank" rel="noopener noreferrer" size="sm">
          {options.link.label}
        </Anchor>
      </Text>
    ) : (
      message
    ),
    color: colours[kind],
    autoClose: toastDurationMs,
    withCloseButton: true,
  });
}

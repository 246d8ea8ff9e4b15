import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred status line, with a spinner while something is under way. */
export function FullPageMessage({ message, busy = true }: { message: string; busy?: boolean }) {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        {busy && <Loader size="md" />}
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translate.tsx';

type ErrorPageProps = { status: 404 | 403 };

/** The 404 and 403 pages (spec 2.1): a plain explanation and a way back home. */
export function ErrorPage({ status }: ErrorPageProps) {
  const { t } = useTranslation();
  const key = status === 404 ? 'notFound' : 'forbidden';
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          {status}
        </Text>
        <Title order={1} fz="h2">
          {t(`${key}.title`)}
        </Title>
        <Text c="dimmed">{t(`${key}.body`)}</Text>
        <Button component={Link} to="/" mt="sm">
          {t(`${key}.home`)}
        </Button>
      </Stack>
    </Center>
  );
}

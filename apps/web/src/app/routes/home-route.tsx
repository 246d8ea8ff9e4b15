import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 2.3: when nothing is navigated yet. */
export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Text c="dimmed">{t('shell.selectTeam')}</Text>
    </Center>
  );
}

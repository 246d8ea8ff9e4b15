import { Button, Group, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { OnDemandModal } from '../components/ui/on-demand-modal.tsx';
import { newVersionStore } from '../lib/new-version.ts';
import { useTranslation } from '../lib/translate.tsx';

/**
 * Spec 8.2, issue 25.5: a newer build of the web app is deployed (an API answer named it): Ok
 * reloads the page onto it; Cancel keeps working on this one, and the question is not asked again.
 */
export function NewVersionPrompt({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const available = useSyncExternalStore(newVersionStore.subscribe, newVersionStore.available);
  const [dismissed, setDismissed] = useState(false);
  return (
    <OnDemandModal
      opened={available && !dismissed}
      onClose={() => setDismissed(true)}
      title={t('app.newVersionTitle')}
      centered
    >
      <Text size="sm">{t('app.newVersion')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setDismissed(true)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={reload}>{t('common.ok')}</Button>
      </Group>
    </OnDemandModal>
  );
}

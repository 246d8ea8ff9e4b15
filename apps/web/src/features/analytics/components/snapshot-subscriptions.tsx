import { type SnapshotFrequency, snapshotFrequencies } from '@formwork/shared/schemas/analytics';
import { Button, Checkbox, Modal, Select, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useSendSnapshot, useSetSnapshotSubscriptions, useSnapshotSubscriptions } from '../api/analytics.ts';

type Props = { folderId: string; dashboardId: string; dashboardName: string };

/**
 * Snapshot e-mails of a dashboard (spec 2.6, issue 20.4): whoever may view it subscribes
 * themselves weekly, monthly or both, and may have one sent now. Each e-mail shows the dashboard
 * as they see it when it is sent, with an unsubscribe link.
 */
export function SnapshotSubscriptionsButton(props: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setOpen(true)}>
        {t('analytics.snapshots.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('analytics.snapshots.title')}>
        {open && <SnapshotSubscriptionsForm {...props} />}
      </Modal>
    </>
  );
}

const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

function SnapshotSubscriptionsForm({ folderId, dashboardId, dashboardName }: Props) {
  const { t } = useTranslation();
  const subscriptions = useSnapshotSubscriptions(folderId, dashboardId);
  const change = useSetSnapshotSubscriptions(folderId, dashboardId);
  const send = useSendSnapshot(folderId, dashboardId);
  if (subscriptions.isError)
    return (
      <Text c="red" role="alert">
        {problemMessage(subscriptions.error, t)}
      </Text>
    );
  const current = change.data ?? subscriptions.data;
  if (!current) return <Text c="dimmed">{t('app.loading')}</Text>;
  const time = `${String(current.hour).padStart(2, '0')}:00`;
  const chooseHour = (hour: number) =>
    change.mutate({ ...current, hour }, { onSuccess: () => showToast('success', t('analytics.snapshots.hourSaved')) });
  const toggle = (frequency: SnapshotFrequency, on: boolean) =>
    change.mutate(
      { ...current, [frequency]: on },
      {
        onSuccess: () =>
          showToast('success', t(on ? 'analytics.snapshots.subscribed' : 'analytics.snapshots.unsubscribed')),
      },
    );
  const sendNow = (frequency: SnapshotFrequency) =>
    send.mutate(frequency, { onSuccess: () => showToast('success', t('analytics.snapshots.sent')) });
  return (
    <Stack gap="md">
      <Text size="sm">{t('analytics.snapshots.intro', { name: dashboardName })}</Text>
      {snapshotFrequencies.map((frequency) => (
        <Stack key={frequency} gap={6} align="flex-start">
          <Checkbox
            label={t(`analytics.snapshots.${frequency}`)}
            description={t(`analytics.snapshots.${frequency}When`, { time })}
            checked={current[frequency]}
            disabled={change.isPending}
            onChange={(event) => toggle(frequency, event.currentTarget.checked)}
          />
          {current[frequency] && (
            <Button
              variant="light"
              size="compact-sm"
              ml={32}
              loading={send.isPending && send.variables === frequency}
              onClick={() => sendNow(frequency)}
            >
              {t(`analytics.snapshots.sendNow.${frequency}`)}
            </Button>
          )}
        </Stack>
      ))}
      <Select
        label={t('analytics.snapshots.hour')}
        data={hours}
        value={String(current.hour)}
        onChange={(v) => v !== null && chooseHour(Number(v))}
        allowDeselect={false}
        disabled={change.isPending}
        w={200}
      />
      {(change.isError || send.isError) && (
        <Text c="red" size="sm" role="alert">
          {problemMessage(change.error ?? send.error, t)}
        </Text>
      )}
    </Stack>
  );
}

import type { Webhook } from '@formwork/shared/schemas/webhooks';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestDelivery,
  useUpdateWebhook,
  useWebhooks,
  useWebhookTemplates,
} from '../api/webhooks.ts';
import { type Option, WebhookFormModal } from './webhook-form-modal.tsx';
import { WebhookLog } from './webhook-log.tsx';

/**
 * The webhooks of a company or team (issue 24.1), in its Settings for those with `webhook.manage`:
 * the hooks with their events and state, add, change, delete, send a test, copy the signing
 * secret, and each hook's delivery log (`logHookId`, kept in the page's address).
 */
export function WebhooksSection({
  folderId,
  kind,
  folders,
  logHookId,
  onOpenLog,
}: {
  folderId: string;
  kind: 'company' | 'team';
  /** The folders below a company a hook may be narrowed to. */
  folders: readonly Option[];
  logHookId: string | null;
  onOpenLog: (hookId: string | null) => void;
}) {
  const { t } = useTranslation();
  const hooks = useWebhooks(folderId);
  const templates = useWebhookTemplates(kind, folderId);
  const create = useCreateWebhook(folderId);
  const update = useUpdateWebhook(folderId);
  const remove = useDeleteWebhook(folderId);
  const test = useSendTestDelivery(folderId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const rows = hooks.data ?? [];
  const logHook = logHookId ? rows.find((h) => h.id === logHookId) : undefined;

  if (logHook) return <WebhookLog folderId={folderId} hook={logHook} onBack={() => onOpenLog(null)} />;

  const sendTest = (hook: Webhook) =>
    test
      .mutateAsync(hook.id)
      .then(() => {
        showToast('success', t('webhooks.testSent'));
        onOpenLog(hook.id);
      })
      .catch((error) => showToast('error', problemMessage(error, t)));

  const confirmDelete = (hook: Webhook) =>
    setConfirmation({
      title: t('webhooks.deleteTitle'),
      body: t('webhooks.deleteBody', { url: hook.url }),
      confirmLabel: t('webhooks.delete'),
      danger: true,
      onConfirm: () =>
        remove
          .mutateAsync(hook.id)
          .then(() => setConfirmation(null))
          .catch((error) => showToast('error', problemMessage(error, t))),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('webhooks.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t(kind === 'company' ? 'webhooks.subtitleCompany' : 'webhooks.subtitleTeam')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('webhooks.add')}
        </Button>
      </Group>
      {hooks.isPending ? (
        <Center mih="20vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : hooks.isError ? (
        <Text c="red">{t('webhooks.loadFailed')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('webhooks.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t('webhooks.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('webhooks.events')}</Table.Th>
                <Table.Th>{t('webhooks.state')}</Table.Th>
                <Table.Th>{t('webhooks.secret')}</Table.Th>
                <Table.Th aria-label={t('webhooks.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((hook) => (
                <Table.Tr key={hook.id}>
                  <Table.Td maw={280}>
                    <Text size="sm" truncate title={hook.url}>
                      {hook.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {hook.events.map((type) => t(`webhooks.eventNames.${type}`)).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={hook.state === 'active' ? 'green' : 'gray'}>
                      {t(
                        hook.state === 'active'
                          ? 'webhooks.states.active'
                          : hook.disabledReason === 'failures'
                            ? 'webhooks.states.failing'
                            : 'webhooks.states.disabled',
                      )}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <CopyButton value={hook.secret}>
                      {({ copied, copy }) => (
                        <Tooltip label={t(copied ? 'webhooks.secretCopied' : 'webhooks.copySecret')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={copy}
                            aria-label={t('webhooks.copySecretOf', { url: hook.url })}
                          >
                            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => onOpenLog(hook.id)}>
                        {t('webhooks.log')}
                      </Button>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('webhooks.actionsOf', { url: hook.url })}>
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(hook)}>{t('webhooks.edit')}</Menu.Item>
                          <Menu.Item disabled={hook.state !== 'active'} onClick={() => void sendTest(hook)}>
                            {t('webhooks.sendTest')}
                          </Menu.Item>
                          <Menu.Item color="red" onClick={() => confirmDelete(hook)}>
                            {t('webhooks.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" maw={720}>
        {t('webhooks.signingHelp')}
      </Text>
      {editing ? (
        <WebhookFormModal
          hook={editing === 'new' ? null : editing}
          templates={templates.data ?? []}
          folders={folders}
          onSubmit={(body) =>
            editing === 'new' ? create.mutateAsync(body) : update.mutateAsync({ hookId: editing.id, body })
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmModal confirmation={confirmation} busy={remove.isPending} onClose={() => setConfirmation(null)} />
    </Stack>
  );
}

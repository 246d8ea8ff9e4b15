import type { Role } from '@formwork/shared/permissions';
import type { SsoMappings } from '@formwork/shared/schemas/sso';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type Confirmation, ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { type TFunction, useTranslation } from '../../../lib/translate.tsx';
import { useGroupMappings, useSaveGroupMappings, useSsoActions, useSsoConnection, useSsoTest } from '../api/sso.ts';

/** The folders a group may map to, as the app lists them (company, projects, teams). */
export type FolderOption = { value: string; label: string };

function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  return Object.fromEntries((error.problem?.errors ?? []).map((e) => [e.path.replace(/^body\./, ''), e.message]));
}

/**
 * Security > Single sign-on (spec 1; issue 23.3): the workspace's OpenID Connect provider. The
 * settings are tried by a real sign-in at the provider (in a new tab) before they can be saved; the
 * secret is never shown again. People of the verified domains then sign in there.
 */
export function SsoConnectionSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const connection = useSsoConnection(workspaceId);
  const actions = useSsoActions(workspaceId);
  const [form, setForm] = useState({ issuer: '', clientId: '', clientSecret: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [testId, setTestId] = useState<string | null>(null);
  const test = useSsoTest(workspaceId, testId);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const signedIn = test.data?.signedInEmail ?? null;

  const startTest = async () => {
    setErrors({});
    try {
      const started = await actions.startTest.mutateAsync(form);
      setTestId(started.testId);
      window.open(started.authorizationUrl, '_blank', 'noopener');
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(Object.keys(fields).length > 0 ? fields : { form: problemMessage(error, t) });
    }
  };
  const save = async () => {
    if (!testId) return;
    try {
      await actions.save.mutateAsync(testId);
      setTestId(null);
      setForm({ issuer: '', clientId: '', clientSecret: '' });
      showToast('success', t('security.sso.saved'));
    } catch (error) {
      setErrors({ form: problemMessage(error, t) });
    }
  };
  const disconnect = () =>
    setConfirmation({
      title: t('security.sso.disconnect'),
      body: t('security.sso.disconnectBody'),
      confirmLabel: t('security.sso.disconnect'),
      danger: true,
      onConfirm: async () => {
        try {
          await actions.disconnect.mutateAsync();
          setConfirmation(null);
        } catch (error) {
          showToast('error', problemMessage(error, t));
        }
      },
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sso-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="sso-title">
          {t('security.sso.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('security.sso.help')}
        </Text>
        {connection.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : connection.isError ? (
          <Text c="red" size="sm">
            {problemMessage(connection.error, t)}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {t('security.sso.redirectUri')} <Code data-redirect-uri>{connection.data.redirectUri}</Code>
            </Text>
            {connection.data.connected ? (
              <Alert color="green" title={t('security.sso.connected')}>
                <Stack gap={4}>
                  <Text size="sm">{t('security.sso.issuerIs', { issuer: connection.data.issuer ?? '' })}</Text>
                  <Text size="sm">{t('security.sso.clientIdIs', { clientId: connection.data.clientId ?? '' })}</Text>
                  <Text size="sm">{t('security.sso.testedBy', { email: connection.data.testedByEmail ?? '' })}</Text>
                  <Group>
                    <Button size="xs" variant="default" color="red" onClick={disconnect}>
                      {t('security.sso.disconnect')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Text size="sm">{t('security.sso.notConnected')}</Text>
            )}
          </>
        )}
        <Title order={3} fz="h5">
          {connection.data?.connected ? t('security.sso.replace') : t('security.sso.connect')}
        </Title>
        <TextInput
          label={t('security.sso.issuer')}
          placeholder="https://login.example.com"
          value={form.issuer}
          onChange={(e) => setForm({ ...form, issuer: e.currentTarget.value })}
          error={errors.issuer}
          maw={480}
        />
        <TextInput
          label={t('security.sso.clientId')}
          value={form.clientId}
          onChange={(e) => setForm({ ...form, clientId: e.currentTarget.value })}
          error={errors.clientId}
          maw={480}
        />
        <PasswordInput
          label={t('security.sso.clientSecret')}
          value={form.clientSecret}
          onChange={(e) => setForm({ ...form, clientSecret: e.currentTarget.value })}
          error={errors.clientSecret}
          maw={480}
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group>
          <Button
            onClick={() => void startTest()}
            loading={actions.startTest.isPending}
            disabled={!form.issuer.trim() || !form.clientId.trim() || !form.clientSecret}
          >
            {t('security.sso.test')}
          </Button>
          {testId && (
            <Button onClick={() => void save()} disabled={!signedIn} loading={actions.save.isPending}>
              {t('security.sso.save')}
            </Button>
          )}
        </Group>
        {testId && (
          <Text size="sm" role="status">
            {signedIn ? t('security.sso.testPassed', { email: signedIn }) : t('security.sso.testWaiting')}
          </Text>
        )}
      </Stack>
      <ConfirmModal
        confirmation={confirmation}
        busy={actions.disconnect.isPending}
        onClose={() => setConfirmation(null)}
      />
    </Paper>
  );
}

type Row = { group: string; folderId: string | null; role: Role };

function mappingError(error: unknown, t: TFunction): string {
  return problemMessage(error, t);
}

/**
 * Security > Groups: the provider's groups and the folder level each gives, applied at each single
 * sign-on (a folder none of a person's groups maps to loses the level).
 */
export function GroupMappingsSection({ workspaceId, folders }: { workspaceId: string; folders: FolderOption[] }) {
  const { t } = useTranslation();
  const mappings = useGroupMappings(workspaceId);
  const save = useSaveGroupMappings(workspaceId);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string>();
  const shown: Row[] = rows ?? mappings.data?.mappings ?? [];
  const update = (index: number, change: Partial<Row>) =>
    setRows(shown.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const complete = shown.every((r) => r.group.trim() && r.folderId);

  const submit = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({ mappings: shown as SsoMappings['mappings'] });
      setRows(null);
      showToast('success', t('security.groups.saved'));
    } catch (e) {
      setError(mappingError(e, t));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sso-groups-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="sso-groups-title">
          {t('security.groups.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('security.groups.help')}
        </Text>
        {mappings.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : (
          shown.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own
            <Group key={index} align="flex-end" data-mapping-row>
              <TextInput
                label={t('security.groups.group')}
                value={row.group}
                onChange={(e) => update(index, { group: e.currentTarget.value })}
                w={200}
              />
              <Select
                label={t('security.groups.folder')}
                data={folders}
                value={row.folderId}
                onChange={(value) => update(index, { folderId: value })}
                searchable
                w={280}
              />
              <Select
                label={t('security.groups.level')}
                data={[
                  { value: 'member', label: t('security.groups.member') },
                  { value: 'controller', label: t('security.groups.controller') },
                ]}
                value={row.role}
                onChange={(value) => value && update(index, { role: value as Role })}
                allowDeselect={false}
                w={160}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('security.groups.remove')}
                onClick={() => setRows(shown.filter((_, i) => i !== index))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button variant="default" onClick={() => setRows([...shown, { group: '', folderId: null, role: 'member' }])}>
            {t('security.groups.add')}
          </Button>
          <Button onClick={() => void submit()} disabled={rows === null || !complete} loading={save.isPending}>
            {t('security.groups.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

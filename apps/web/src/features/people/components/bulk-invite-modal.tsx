import { bulkInviteFileMessages, bulkInviteMaxBytes, grantableRoles } from '@formwork/shared/invitation-rules';
import type { Role, UserType } from '@formwork/shared/permissions';
import type { BulkInviteResult, InviteBatch } from '@formwork/shared/schemas/people';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { problemMessage } from '../../../lib/problem-message.ts';
import { readText } from '../../../lib/read-file.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { batchFinished, useBulkInviteCheck, useBulkInviteSend, useInviteBatch } from '../api/users.ts';
import { levelKey, type UsersFolder } from '../users-folder.ts';

type Source = { kind: 'emails'; emails: string[] } | { kind: 'csv'; name: string; text: string };

/**
 * Issue 16.2 bulk invite: addresses typed as chips (comma or Enter makes a chip) or one CSV file
 * whose first column is headed Email (Folder, Level and Type optional). Every row is checked by
 * the server and shown before anything is sent; then the valid rows are invited together.
 */
export function BulkInviteModal({ folder, onClose }: { folder: UsersFolder; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = grantableRoles(folder.viewer, { kind: folder.kind, path: folder.path });
  const [emails, setEmails] = useState<string[]>([]);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [role, setRole] = useState<Role>(roles[0] ?? 'member');
  const [userType, setUserType] = useState<UserType>('contributor');
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BulkInviteResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The batch's id (its idempotency key): made with each preview, so a retried send invites no one twice.
  const [batchId, setBatchId] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);
  const checking = useBulkInviteCheck(folder.folderId);
  const sending = useBulkInviteSend(folder.folderId);
  const batch = useInviteBatch(folder.folderId, sentId);
  const finished = batchFinished(batch.data);
  useEffect(() => {
    if (batch.data?.state === 'done') showToast('success', t('users.bulk.invited'));
    if (batch.data?.state === 'failed') showToast('error', t('users.bulk.failed'));
  }, [batch.data?.state, t]);

  const source: Source | null = file
    ? { kind: 'csv', name: file.name, text: file.text }
    : emails.length > 0
      ? { kind: 'emails', emails }
      : null;

  const body = () =>
    source?.kind === 'csv'
      ? { csv: source.text, role, userType }
      : { emails: source?.kind === 'emails' ? source.emails : [], role, userType };

  const chooseFiles = async (files: File[]) => {
    setPreview(null);
    setError(null);
    setFileError(null);
    if (files.length === 0) return;
    if (files.length > 1) return setFileError(t('users.bulk.oneFile'));
    const [chosen] = files as [File];
    if (!/\.csv$/i.test(chosen.name)) return setFileError(t('users.bulk.notCsv'));
    if (chosen.size > bulkInviteMaxBytes) {
      return setFileError(t('users.bulk.tooLarge', { defaultValue: bulkInviteFileMessages.tooLarge }));
    }
    setFile({ name: chosen.name, text: await readText(chosen) });
  };

  const check = () => {
    setError(null);
    checking.mutate(body(), {
      onSuccess: (result) => {
        setPreview(result);
        setBatchId(crypto.randomUUID());
      },
      onError: (e) => setError(problemMessage(e, t)),
    });
  };

  const send = () => {
    if (!batchId) return;
    sending.mutate(
      { ...body(), send: true, batchId },
      {
        onSuccess: (sent) => setSentId(sent.batchId),
        onError: () => showToast('error', t('users.bulk.failed')),
      },
    );
  };

  const edited = () => {
    setPreview(null);
    setBatchId(null);
    setError(null);
  };

  if (sentId) {
    return (
      <Modal opened onClose={onClose} size="xl" title={t('users.bulk.title', { name: folder.name })}>
        <Stack gap="sm">
          <BatchProgress batch={batch.data} />
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose} variant={finished ? 'filled' : 'default'}>
              {t('users.bulk.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} size="xl" title={t('users.bulk.title', { name: folder.name })}>
      <Stack gap="sm">
        <TagsInput
          label={t('users.bulk.emails')}
          description={t('users.bulk.emailsHint')}
          value={emails}
          onChange={(value) => {
            setEmails(value);
            edited();
          }}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
          clearable
          disabled={file !== null}
          data-autofocus
        />
        <Group gap="sm" align="center">
          <FileButton onChange={(files) => void chooseFiles(files)} accept=".csv,text/csv" multiple>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileTypeCsv size={16} />}>
                {t('users.bulk.chooseCsv')}
              </Button>
            )}
          </FileButton>
          {file ? (
            <Badge
              variant="light"
              size="lg"
              rightSection={
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => {
                    setFile(null);
                    edited();
                  }}
                >
                  {t('users.bulk.removeFile')}
                </Button>
              }
            >
              {file.name}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              {t('users.bulk.csvHint', { size: bulkInviteMaxBytes / 1024 / 1024 })}
            </Text>
          )}
        </Group>
        {fileError && (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        )}
        <Group grow align="flex-end">
          <Select
            label={t('users.level')}
            data={roles.map((r) => ({ value: r, label: t(levelKey(folder.kind, r)) }))}
            value={role}
            allowDeselect={false}
            onChange={(value) => {
              setRole((value ?? 'member') as Role);
              edited();
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('users.type')}
            </Text>
            <SegmentedControl
              aria-label={t('users.type')}
              value={userType}
              onChange={(value) => {
                setUserType(value as UserType);
                edited();
              }}
              data={[
                { value: 'contributor', label: t('users.types.contributor') },
                { value: 'visitor', label: t('users.types.visitor'), disabled: folder.visitorsProblem !== null },
              ]}
            />
            {folder.visitorsProblem && (
              <Text size="xs" c="dimmed">
                {t(`users.problems.${folder.visitorsProblem}`)}
              </Text>
            )}
          </Stack>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {preview && <BulkPreview result={preview} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {preview ? (
            <Button onClick={send} loading={sending.isPending} disabled={preview.valid === 0}>
              {t('users.bulk.send', { count: preview.valid })}
            </Button>
          ) : (
            <Button onClick={check} loading={checking.isPending} disabled={source === null}>
              {t('users.bulk.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function BulkPreview({ result }: { result: BulkInviteResult }) {
  const { t } = useTranslation();
  const refused = result.rows.length - result.valid;
  return (
    <Stack gap="xs">
      <Alert color={refused > 0 ? 'yellow' : 'green'} variant="light" role="status">
        {t('users.bulk.summary', { valid: result.valid, total: result.rows.length })}
      </Alert>
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder aria-label={t('users.bulk.previewTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.bulk.line')}</Table.Th>
              <Table.Th>{t('users.email')}</Table.Th>
              <Table.Th>{t('users.bulk.folder')}</Table.Th>
              <Table.Th>{t('users.columns.level')}</Table.Th>
              <Table.Th>{t('users.columns.type')}</Table.Th>
              <Table.Th>{t('users.bulk.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                <Table.Td>{row.folderName ?? '—'}</Table.Td>
                <Table.Td>{row.folderKind && row.role ? t(levelKey(row.folderKind, row.role)) : '—'}</Table.Td>
                <Table.Td>{row.userType ? t(`users.types.${row.userType}`) : '—'}</Table.Td>
                <Table.Td>
                  {row.problems.length === 0 ? (
                    <Text size="sm" c="green">
                      {t('users.bulk.ok')}
                    </Text>
                  ) : (
                    row.problems.map((p) => (
                      <Text key={`${p.column}:${p.code}`} size="sm" c="red">
                        {t(`users.problems.${p.code}`, { defaultValue: p.message })}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** A sent batch: how far its job has come, then how many were invited and which rows were not (and why). */
function BatchProgress({ batch }: { batch: InviteBatch | undefined }) {
  const { t } = useTranslation();
  if (!batch) return <Progress value={0} animated aria-label={t('users.bulk.sending', { processed: 0, total: 0 })} />;
  const finished = batchFinished(batch);
  const percent = batch.total === 0 ? 100 : Math.round((batch.processed / batch.total) * 100);
  return (
    <Stack gap="xs">
      {finished ? (
        <Alert color={batch.state === 'failed' ? 'red' : batch.skipped.length > 0 ? 'yellow' : 'green'} role="status">
          {batch.state === 'failed'
            ? t('users.bulk.failed')
            : t('users.bulk.sentSummary', { invited: batch.invited, total: batch.total })}
        </Alert>
      ) : (
        <>
          <Text size="sm" role="status">
            {t('users.bulk.sending', { processed: batch.processed, total: batch.total })}
          </Text>
          <Progress
            value={percent}
            animated
            aria-label={t('users.bulk.sending', { processed: batch.processed, total: batch.total })}
          />
        </>
      )}
      {batch.skipped.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('users.bulk.skippedTitle')}
          </Text>
          <ScrollArea.Autosize mah={200}>
            <List size="sm" aria-label={t('users.bulk.skippedTitle')}>
              {batch.skipped.map((s) => (
                <List.Item key={s.email}>
                  {s.email}: {t(`users.problems.${s.code}`, { defaultValue: s.message })}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}

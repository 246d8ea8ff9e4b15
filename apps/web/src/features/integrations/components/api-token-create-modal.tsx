import {
  type ApiTokenAccess,
  type ApiTokenCreate,
  type ApiTokenCreated,
  apiTokenExpiryDays,
} from '@formwork/shared/schemas/api-tokens';
import { Alert, Button, Code, CopyButton, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';

type Errors = Partial<Record<'name' | 'access' | 'expiresInDays' | 'form', string>>;

function fieldOf(path: string): keyof Errors {
  const field = path.split('.')[1];
  return field === 'name' || field === 'access' || field === 'expiresInDays' ? field : 'form';
}

/**
 * Make a personal API token (issue 24.2): a name, read-only or read-write, and an expiry. Once
 * made, the dialog shows the token's secret this once, to copy; closing it forgets the secret.
 */
export function ApiTokenCreateModal({
  onSubmit,
  onClose,
}: {
  onSubmit: (body: ApiTokenCreate) => Promise<ApiTokenCreated>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiTokenAccess>('read');
  const [days, setDays] = useState<string>('30');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setErrors({ name: t('integrations.tokens.nameRequired') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setCreated(await onSubmit({ name: name.trim(), access, expiresInDays: Number(days) }));
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? (error.problem?.errors ?? []) : [];
      const next: Errors = {};
      for (const e of fieldErrors) next[fieldOf(e.path)] ??= e.message;
      if (fieldErrors.length === 0) next.form = problemMessage(error, t);
      setErrors(next);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Modal opened onClose={onClose} title={t('integrations.tokens.createdTitle')} centered size="lg">
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('integrations.tokens.showOnce')}
          </Alert>
          <Text size="sm" fw={500}>
            {created.token.name}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              block
              style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              aria-label={t('integrations.tokens.secret')}
            >
              {created.secret}
            </Code>
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? t('integrations.tokens.copied') : t('integrations.tokens.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('integrations.tokens.usage', { header: 'Authorization: Bearer …' })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('integrations.tokens.done')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('integrations.tokens.createTitle')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.tokens.name')}
            description={t('integrations.tokens.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            required
            data-autofocus
          />
          <Radio.Group
            label={t('integrations.tokens.access')}
            value={access}
            onChange={(value) => setAccess(value as ApiTokenAccess)}
            error={errors.access}
            required
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="read"
                label={t('integrations.tokens.accesses.read')}
                description={t('integrations.tokens.accessHints.read')}
              />
              <Radio
                value="readWrite"
                label={t('integrations.tokens.accesses.readWrite')}
                description={t('integrations.tokens.accessHints.readWrite')}
              />
            </Stack>
          </Radio.Group>
          <Select
            label={t('integrations.tokens.expiry')}
            value={days}
            onChange={(value) => value && setDays(value)}
            data={apiTokenExpiryDays.map((d) => ({
              value: String(d),
              label: t('integrations.tokens.days', { count: d }),
            }))}
            allowDeselect={false}
            error={errors.expiresInDays}
            required
          />
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('integrations.tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

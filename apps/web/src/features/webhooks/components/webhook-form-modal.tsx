import {
  type Webhook,
  type WebhookBody,
  type WebhookEventType,
  webhookEventTypes,
} from '@formwork/shared/schemas/webhooks';
import { Button, Checkbox, Group, Modal, MultiSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';

export type Option = { value: string; label: string };
type Errors = Partial<Record<'url' | 'events' | 'folderIds' | 'templateIds' | 'form', string>>;

/** The field a server error names (`body.templateIds.3` is the templates' field). */
function fieldOf(path: string): keyof Errors {
  const field = path.split('.')[1];
  return field === 'url' || field === 'events' || field === 'folderIds' || field === 'templateIds' ? field : 'form';
}

/**
 * Add or change a webhook (issue 24.1): the receiver's URL, the events it receives, optionally
 * only those of some folders (at the company) and templates, and whether it is enabled.
 */
export function WebhookFormModal({
  hook,
  templates,
  folders,
  onSubmit,
  onClose,
}: {
  /** The hook being changed; null: a new one. */
  hook: Webhook | null;
  templates: readonly Option[];
  /** The folders below the hook's that it may be narrowed to (none at a team). */
  folders: readonly Option[];
  onSubmit: (body: WebhookBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(hook?.url ?? '');
  const [events, setEvents] = useState<string[]>(hook?.events ?? ['form.created', 'form.saved']);
  const [folderIds, setFolderIds] = useState<string[]>(hook?.folderIds ?? []);
  const [templateIds, setTemplateIds] = useState<string[]>(hook?.templateIds ?? []);
  const [enabled, setEnabled] = useState(hook ? hook.state === 'active' : true);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = t('webhooks.urlInvalid');
    if (events.length === 0) found.events = t('webhooks.eventsRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        url: url.trim(),
        events: webhookEventTypes.filter((type) => events.includes(type)) as WebhookEventType[],
        folderIds,
        templateIds,
        enabled,
      });
      onClose();
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

  return (
    <Modal opened onClose={onClose} title={t(hook ? 'webhooks.editTitle' : 'webhooks.addTitle')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('webhooks.url')}
            description={t('webhooks.urlHint')}
            placeholder="https://example.com/formwork"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
            maxLength={2000}
            required
            data-autofocus
          />
          <Checkbox.Group
            label={t('webhooks.events')}
            value={events}
            onChange={setEvents}
            error={errors.events}
            required
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing={6}>
              {webhookEventTypes.map((type) => (
                <Checkbox key={type} value={type} label={t(`webhooks.eventNames.${type}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {folders.length > 0 ? (
            <MultiSelect
              label={t('webhooks.folders')}
              description={t('webhooks.foldersHint')}
              data={folders as Option[]}
              value={folderIds}
              onChange={setFolderIds}
              error={errors.folderIds}
              searchable
              clearable
            />
          ) : null}
          <MultiSelect
            label={t('webhooks.templates')}
            description={t('webhooks.templatesHint')}
            data={templates as Option[]}
            value={templateIds}
            onChange={setTemplateIds}
            error={errors.templateIds}
            searchable
            clearable
          />
          <Switch
            label={t('webhooks.enabled')}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
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
              {t(hook ? 'webhooks.save' : 'webhooks.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

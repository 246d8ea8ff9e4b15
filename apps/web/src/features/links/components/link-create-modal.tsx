import { type LinkCreate, type LinkKind, linkMaxTemplates } from '@formwork/shared/schemas/links';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';

type TemplateOption = { id: string; name: string };
type Errors = Partial<Record<'name' | 'templateIds' | 'expiresAt' | 'maxSubmissions' | 'form', string>>;

/** The field a server error names (`body.templateIds.3` is the templates' field). */
function fieldOf(path: string): keyof Errors {
  const field = path.split('.')[1];
  return field === 'name' || field === 'templateIds' || field === 'expiresAt' || field === 'maxSubmissions'
    ? field
    : 'form';
}

/**
 * Make a submission link (issue 21; spec 3, 5.3, 9): a name, single or ongoing, 1 to 20 of the
 * team's templates (no select-all: once 20 are chosen the others are disabled), an optional
 * expiry and (ongoing) maximum, and whether the submitter's name and e-mail are asked.
 */
export function LinkCreateModal({
  opened,
  templates,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  templates: readonly TemplateOption[];
  onSubmit: (body: LinkCreate) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<LinkKind>('ongoing');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [max, setMax] = useState<number | ''>('');
  const [askName, setAskName] = useState(false);
  const [askEmail, setAskEmail] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const full = chosen.length >= linkMaxTemplates;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!name.trim()) found.name = t('links.nameRequired');
    if (chosen.length === 0) found.templateIds = t('links.templatesRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        name: name.trim(),
        kind,
        // Keep the order the templates are listed in.
        templateIds: templates.filter((tpl) => chosen.includes(tpl.id)).map((tpl) => tpl.id),
        expiresAt: expires ? new Date(expires).toISOString() : null,
        maxSubmissions: kind === 'ongoing' && max !== '' ? max : null,
        askSubmitterName: askName,
        askSubmitterEmail: askEmail,
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
    <Modal opened={opened} onClose={onClose} title={t('links.createTitle')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('links.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            required
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('links.kind')}
            </Text>
            <SegmentedControl
              aria-label={t('links.kind')}
              value={kind}
              onChange={(value) => setKind(value as LinkKind)}
              data={[
                { value: 'ongoing', label: t('links.kinds.ongoing') },
                { value: 'single', label: t('links.kinds.single') },
              ]}
            />
            <Text size="xs" c="dimmed">
              {t(kind === 'single' ? 'links.singleHint' : 'links.ongoingHint')}
            </Text>
          </Stack>
          <Checkbox.Group
            label={t('links.templates')}
            description={t('links.templatesChosen', { count: chosen.length, max: linkMaxTemplates })}
            value={chosen}
            onChange={setChosen}
            error={errors.templateIds}
            required
          >
            <ScrollArea.Autosize mah={220} mt="xs">
              <Stack gap={6}>
                {templates.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('links.noTemplates')}
                  </Text>
                ) : (
                  templates.map((tpl) => (
                    <Checkbox
                      key={tpl.id}
                      value={tpl.id}
                      label={tpl.name}
                      disabled={full && !chosen.includes(tpl.id)}
                    />
                  ))
                )}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('links.expiresAt')}
              description={t('links.expiresAtHint')}
              value={expires}
              onChange={(e) => setExpires(e.currentTarget.value)}
              error={errors.expiresAt}
            />
            <NumberInput
              label={t('links.maxSubmissions')}
              description={t(kind === 'single' ? 'links.maxSingle' : 'links.maxHint')}
              value={kind === 'single' ? 1 : max}
              onChange={(value) => setMax(typeof value === 'number' ? value : '')}
              min={1}
              allowDecimal={false}
              disabled={kind === 'single'}
              error={errors.maxSubmissions}
            />
          </Group>
          <Stack gap={6}>
            <Checkbox
              label={t('links.askName')}
              checked={askName}
              onChange={(e) => setAskName(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('links.askEmail')}
              checked={askEmail}
              onChange={(e) => setAskEmail(e.currentTarget.checked)}
            />
          </Stack>
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
              {t('links.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

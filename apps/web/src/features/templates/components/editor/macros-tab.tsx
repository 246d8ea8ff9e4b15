import { type Macro, macroTimeoutSeconds } from '@formwork/shared/schemas/macros';
import {
  ActionIcon,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../../components/ui/confirm-modal.tsx';
import { HttpError } from '../../../../lib/http.ts';
import { problemMessage } from '../../../../lib/problem-message.ts';
import { showToast } from '../../../../lib/toast.tsx';
import { useTranslation } from '../../../../lib/translate.tsx';
import { useDeleteMacro, useSaveMacro, useTemplateMacros } from '../../api/macros.ts';

/**
 * The template's macros (issue 24.3): each a name and a receiver URL that a form's Run macro
 * sends the saved form to, with the secret its requests are signed with. Changed at once (not
 * with the template's Save), by whoever may edit the template.
 */
export function MacrosTab({ templateId }: { templateId: string | null }) {
  const { t } = useTranslation();
  if (!templateId) return <Text c="dimmed">{t('macros.saveTemplateFirst')}</Text>;
  return <MacroList templateId={templateId} />;
}

function MacroList({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const macros = useTemplateMacros(templateId);
  const remove = useDeleteMacro(templateId);
  const [editing, setEditing] = useState<Macro | 'new' | null>(null);
  const [removing, setRemoving] = useState<Macro | null>(null);
  const rows = macros.data?.macros ?? [];

  const confirmRemove = async (macro: Macro) => {
    try {
      await remove.mutateAsync(macro.id);
      showToast('success', t('macros.removed'));
    } catch (error) {
      showToast('error', problemMessage(error, t));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          {t('macros.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('macros.add')}
        </Button>
      </Group>
      {macros.isPending ? (
        <Center mih="10vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : macros.isError ? (
        <Text c="red">{t('macros.loadFailed')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('macros.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t('editor.tabs.macros')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('macros.name')}</Table.Th>
                <Table.Th>{t('macros.url')}</Table.Th>
                <Table.Th>{t('macros.secret')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((macro) => (
                <Table.Tr key={macro.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {macro.name}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" truncate title={macro.url}>
                      {macro.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <CopyButton value={macro.secret}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? t('macros.secretCopied') : t('macros.secret')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={copy}
                            aria-label={t('macros.copySecret', { name: macro.name })}
                          >
                            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        onClick={() => setEditing(macro)}
                        aria-label={t('macros.edit', { name: macro.name })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(macro)}
                        aria-label={t('macros.remove', { name: macro.name })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <MacroFormModal
          templateId={templateId}
          macro={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        confirmation={
          removing && {
            title: t('macros.removeTitle'),
            body: t('macros.removeBody', { name: removing.name }),
            confirmLabel: t('macros.remove', { name: removing.name }),
            danger: true,
            onConfirm: () => confirmRemove(removing),
          }
        }
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

type Errors = Partial<Record<'name' | 'url' | 'form', string>>;

function MacroFormModal({
  templateId,
  macro,
  onClose,
}: {
  templateId: string;
  macro: Macro | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMacro(templateId);
  const [name, setName] = useState(macro?.name ?? '');
  const [url, setUrl] = useState(macro?.url ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found: Errors = {};
    if (name.trim() === '') found.name = t('macros.nameRequired');
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = t('macros.urlInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ macroId: macro?.id ?? null, body: { name: name.trim(), url: url.trim() } });
      showToast('success', t('macros.saved'));
      onClose();
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? (error.problem?.errors ?? []) : [];
      const next: Errors = {};
      for (const e of fieldErrors) {
        const field = e.path.split('.')[1];
        next[field === 'name' || field === 'url' ? field : 'form'] ??= e.message;
      }
      if (fieldErrors.length === 0) next.form = problemMessage(error, t);
      setErrors(next);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t(macro ? 'macros.editTitle' : 'macros.addTitle')} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('macros.name')}
            placeholder={t('macros.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={60}
            required
            data-autofocus
          />
          <TextInput
            label={t('macros.url')}
            description={t('macros.urlDescription', { seconds: macroTimeoutSeconds })}
            placeholder="https://example.com/formwork-macro"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required
          />
          {errors.form && (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('macros.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('macros.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import type { Form } from '@formwork/shared/schemas/forms';
import { Button, Group, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconBolt, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { type FormMacro, useFormMacros, useRunMacro } from '../api/macros.ts';

type Done = { name: string; fieldLabels: string[] };

/**
 * Run macro (issue 24.3, spec 4.1 and 8.2) on a saved form its viewer may edit: refused while the
 * form has unsaved edits, then a processing dialog, then a completion popup naming the fields the
 * macro filled in (OK loads the new version), or the spec's failure message.
 */
export function MacroButton({
  teamId,
  form,
  dirty,
  fieldLabel,
  onWritten,
  onStale,
}: {
  teamId: string;
  form: Form;
  /** The form has edits not saved yet. */
  dirty: boolean;
  fieldLabel: (fieldId: string) => string;
  /** The macro wrote values: load the form's new version. */
  onWritten: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const editable = form.access.edit && !form.readOnly;
  const macros = useFormMacros(teamId, form.formId, editable);
  const run = useRunMacro(teamId, form.formId);
  const [running, setRunning] = useState<FormMacro | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const list = macros.data?.macros ?? [];
  if (!editable || list.length === 0) return null;

  const start = async (macro: FormMacro) => {
    if (dirty) {
      showToast('error', t('forms.macro.saveFirst'));
      return;
    }
    setRunning(macro);
    try {
      const result = await run.mutateAsync({ macroId: macro.id, baseVersion: form.version });
      setDone({ name: macro.name, fieldLabels: result.writtenFieldIds.map(fieldLabel) });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'staleVersion') onStale();
      else showToast('error', t('forms.macro.failed'));
    } finally {
      setRunning(null);
    }
  };

  const closeDone = () => {
    const wrote = (done?.fieldLabels.length ?? 0) > 0;
    setDone(null);
    if (wrote) onWritten();
  };

  const only = list.length === 1 ? list[0] : undefined;
  return (
    <>
      {only ? (
        <Button
          variant="default"
          leftSection={<IconBolt size={16} />}
          loading={running !== null}
          onClick={() => void start(only)}
          title={t('forms.macro.runNamed', { name: only.name })}
        >
          {t('forms.macro.run')}
        </Button>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconBolt size={16} />}
              rightSection={<IconChevronDown size={14} />}
              loading={running !== null}
            >
              {t('forms.macro.run')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {list.map((macro) => (
              <Menu.Item key={macro.id} onClick={() => void start(macro)}>
                {t('forms.macro.runNamed', { name: macro.name })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={running !== null}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={running ? t('forms.macro.running', { name: running.name }) : ''}
      >
        <Group gap="md" wrap="nowrap">
          <Loader size="sm" aria-label={t('app.loading')} />
          <Text size="sm">{t('forms.macro.runningBody')}</Text>
        </Group>
      </Modal>
      <Modal opened={done !== null} onClose={closeDone} centered title={t('forms.macro.doneTitle')}>
        <Stack gap="md">
          <Text size="sm">
            {done && done.fieldLabels.length > 0
              ? t('forms.macro.doneWritten', {
                  name: done.name,
                  count: done.fieldLabels.length,
                  fields: done.fieldLabels.join(', '),
                })
              : t('forms.macro.doneNothing', { name: done?.name ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={closeDone}>{t('forms.macro.ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

import { Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { type ActionRef, actionRefOf, useFormActions } from '../api/actions.ts';
import { ActionModal, NewActionModal, type Person } from './action-editor.tsx';

const stateColours = { draft: 'gray', assigned: 'orange', completed: 'green' } as const;

/** The Actions cell of a saved form: its actions, and New action. */
export function FormActions({
  teamId,
  formId,
  fieldId,
  people,
  readOnly,
}: {
  teamId: string;
  formId: string;
  fieldId: string;
  people: Person[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const actions = useFormActions(teamId, formId);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<ActionRef | null>(null);
  const list = (actions.data?.actions ?? []).filter((a) => a.fieldId === fieldId || a.fieldId === null);
  return (
    <Stack gap={6}>
      {actions.isPending && <Loader size="xs" />}
      {list.map((a) => (
        <UnstyledButton key={a.actionId} onClick={() => setOpen(actionRefOf(a))} data-action-row={a.title}>
          <Group gap="xs" wrap="nowrap">
            <Badge size="sm" color={stateColours[a.state]}>
              {a.stateLabel}
            </Badge>
            <Text size="sm" truncate="end">
              {a.title}
            </Text>
            {a.assignee && (
              <Text size="xs" c="dimmed" truncate="end">
                {a.assignee.name}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      ))}
      {!actions.isPending && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('actions.none')}
        </Text>
      )}
      {!readOnly && (
        <Button
          size="compact-sm"
          variant="light"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => setCreating(true)}
        >
          {t('actions.new')}
        </Button>
      )}
      {creating && (
        <NewActionModal
          opened
          onClose={() => setCreating(false)}
          teamId={teamId}
          formId={formId}
          fieldId={fieldId}
          people={people}
        />
      )}
      {open && (
        <ActionModal
          actionRef={open}
          onClose={() => setOpen(null)}
          people={people}
          onNotFound={() => setOpen(null)}
          formLink={false}
        />
      )}
    </Stack>
  );
}

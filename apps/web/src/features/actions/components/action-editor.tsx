import { type Action, actionPriorities, actionPriorityLabels } from '@formwork/shared/schemas/actions';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { formPath, newId } from '../../../lib/form-paths.ts';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import type { TFunction } from '../../../lib/translate.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { type ActionChange, type ActionRef, useAction, useChangeAction, useCreateAction } from '../api/actions.ts';

export type Person = { userId: string; name: string };

const stateColours = { draft: 'gray', assigned: 'orange', completed: 'green' } as const;

type Draft = {
  title: string;
  description: string;
  dueDate: string;
  priority: Action['priority'];
  assigneeId: string | null;
};

function failedMessage(error: unknown, t: TFunction): string {
  if (error instanceof HttpError && error.status === 400) return t('actions.invalid');
  return problemMessage(error, t, { staleVersion: t('forms.newVersionAvailable') });
}

function DraftFields({
  draft,
  onChange,
  people,
  readOnly,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  people: Person[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('actions.titleLabel')}
        required
        value={draft.title}
        readOnly={readOnly}
        onChange={(e) => set({ title: e.currentTarget.value })}
      />
      <Textarea
        label={t('actions.description')}
        autosize
        minRows={2}
        value={draft.description}
        readOnly={readOnly}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label={t('actions.dueDate')}
          value={draft.dueDate}
          readOnly={readOnly}
          onChange={(e) => set({ dueDate: e.currentTarget.value })}
        />
        <Select
          label={t('actions.priority')}
          data={actionPriorities.map((p) => ({ value: p, label: actionPriorityLabels[p] }))}
          value={draft.priority}
          readOnly={readOnly}
          onChange={(v) => set({ priority: (v as Action['priority']) ?? 'medium' })}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Select
        label={t('actions.assignee')}
        data={people.map((p) => ({ value: p.userId, label: p.name }))}
        value={draft.assigneeId}
        readOnly={readOnly}
        clearable={!readOnly}
        // Clearing is the clear button's job: choosing the current assignee again keeps them.
        allowDeselect={false}
        onChange={(v) => set({ assigneeId: v })}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

/** A new action, on a form (its Actions field) or on its own: saved as a draft or assigned at once. */
export function NewActionModal({
  opened,
  onClose,
  teamId,
  formId,
  fieldId,
  people,
  initialTitle = '',
}: {
  opened: boolean;
  onClose: () => void;
  teamId: string;
  formId?: string;
  fieldId?: string;
  people: Person[];
  initialTitle?: string;
}) {
  const { t } = useTranslation();
  const [actionId] = useState(newId);
  const [start] = useState<Draft>(() => ({
    title: initialTitle,
    description: '',
    dueDate: '',
    priority: 'medium',
    assigneeId: null,
  }));
  const [draft, setDraft] = useState<Draft>(start);
  const guard = useUnsavedChangesGuard(opened && JSON.stringify(draft) !== JSON.stringify(start));
  const cancel = () => guard.confirmLeave(onClose);
  const create = useCreateAction(teamId);
  const save = async (assign: boolean) => {
    if (!draft.title.trim() || (assign && !draft.assigneeId)) {
      showToast('error', t('actions.invalid'));
      return;
    }
    try {
      await create.mutateAsync({
        actionId,
        title: draft.title.trim(),
        description: draft.description,
        dueDate: draft.dueDate || null,
        priority: draft.priority,
        assigneeId: draft.assigneeId,
        formId: formId ?? null,
        fieldId: fieldId ?? null,
        assign,
      });
      showToast('success', assign ? t('actions.assigned') : t('actions.savedDraft'));
      onClose();
    } catch (error) {
      showToast('error', failedMessage(error, t));
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={cancel}
      closeOnEscape={!guard.asking}
      title={t('actions.newTitle')}
      centered
      size="lg"
    >
      <DraftFields draft={draft} onChange={setDraft} people={people} readOnly={false} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={cancel}>
          {t('common.cancel')}
        </Button>
        <Button variant="light" loading={create.isPending} onClick={() => void save(false)}>
          {t('actions.saveDraft')}
        </Button>
        <Button loading={create.isPending} disabled={!draft.assigneeId} onClick={() => void save(true)}>
          {t('actions.assign')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The action modal (spec 2.1: opened by ?actionId, e.g. from the assignment e-mail): the action,
 * its state, the form it was raised on, and assign, complete and reset as the viewer may. A 404
 * says actionNotFound. `people` are those who can see the action's team (its assignees);
 * `formLink` false hides the link to the form when the modal is opened on that form.
 */
export function ActionModal({
  actionRef,
  onClose,
  people,
  onNotFound,
  formLink = true,
}: {
  actionRef: ActionRef;
  onClose: () => void;
  people: Person[];
  onNotFound: () => void;
  formLink?: boolean;
}) {
  const { t } = useTranslation();
  const action = useAction(actionRef);
  const change = useChangeAction(actionRef);
  const [draft, setDraft] = useState<Draft | null>(null);
  const notFound =
    action.error instanceof HttpError &&
    (action.error.status === 404 || action.error.status === 403 || action.error.status === 400);
  const [reported, setReported] = useState(false);
  if (notFound && !reported) {
    setReported(true);
    onNotFound();
  }
  const data = action.data;
  const saved: Draft | null = data
    ? {
        title: data.title,
        description: data.description,
        dueDate: data.dueDate ?? '',
        priority: data.priority,
        assigneeId: data.assignee?.userId ?? null,
      }
    : null;
  const current: Draft | null = draft ?? saved;
  const choices =
    data?.assignee && !people.some((p) => p.userId === data.assignee?.userId)
      ? [...people, { userId: data.assignee.userId, name: data.assignee.name }]
      : people;

  const run = async (next: ActionChange, done: string) => {
    try {
      await change.mutateAsync(next);
      setDraft(null);
      showToast('success', done);
    } catch (error) {
      showToast('error', failedMessage(error, t));
    }
  };
  // Changed from what is saved (choosing the same assignee again changes nothing).
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(dirty);
  const close = () => guard.confirmLeave(onClose);

  return (
    <Modal
      opened={!notFound}
      onClose={close}
      closeOnEscape={!guard.asking}
      title={t('actions.modalTitle')}
      centered
      size="lg"
    >
      {action.isPending ? (
        <Loader size="sm" />
      ) : !data || !current ? (
        <Alert color="red">{t('errors.generic')}</Alert>
      ) : (
        <Stack gap="sm" data-action-modal={data.state}>
          <Group gap="xs">
            <Badge color={stateColours[data.state]}>{data.stateLabel}</Badge>
            <Text size="xs" c="dimmed">
              {[data.path.workspace.name, data.path.project.name, data.path.team.name].join(' > ')}
            </Text>
            {formLink && data.formId && (
              // Leaving with unsaved changes asks first (the router's blocker); the new page closes the modal.
              <Anchor component={Link} to={formPath(data.path.team.id, data.formId)} size="xs">
                {t('actions.openForm')}
              </Anchor>
            )}
          </Group>
          <DraftFields draft={current} onChange={setDraft} people={choices} readOnly={!data.access.edit} />
          {data.assignee && (
            <Text size="xs" c="dimmed">
              {t('actions.assignedTo', { name: data.assignee.name, email: data.assignee.email })}
            </Text>
          )}
          <Group justify="flex-end" mt="xs" gap="xs">
            {data.access.reset && (
              <Button
                variant="default"
                loading={change.isPending}
                onClick={() => void run({ kind: 'reset', body: { baseVersion: data.version } }, t('actions.resetDone'))}
              >
                {t('actions.reset')}
              </Button>
            )}
            {data.access.edit && dirty && (
              <Button
                variant="light"
                loading={change.isPending}
                onClick={() =>
                  void run(
                    {
                      kind: 'update',
                      body: {
                        baseVersion: data.version,
                        title: current.title.trim(),
                        description: current.description,
                        dueDate: current.dueDate || null,
                        priority: current.priority,
                        assigneeId: current.assigneeId,
                      },
                    },
                    t('actions.saved'),
                  )
                }
              >
                {t('actions.save')}
              </Button>
            )}
            {data.access.assign && data.state === 'draft' && (
              <Button
                loading={change.isPending}
                disabled={!current.assigneeId || dirty}
                onClick={() =>
                  void run(
                    {
                      kind: 'assign',
                      body: { baseVersion: data.version, assigneeId: current.assigneeId ?? undefined },
                    },
                    t('actions.assigned'),
                  )
                }
              >
                {t('actions.assign')}
              </Button>
            )}
            {data.access.complete && (
              <Button
                color="green"
                loading={change.isPending}
                disabled={dirty}
                onClick={() =>
                  void run({ kind: 'complete', body: { baseVersion: data.version } }, t('actions.completed'))
                }
              >
                {t('actions.complete')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

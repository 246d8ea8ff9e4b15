import type { Field } from '@formwork/shared/fields/field';
import { isWorkflowSignature } from '@formwork/shared/forms/validate-form-values';
import type { Form } from '@formwork/shared/schemas/forms';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { Alert, Badge, Box, Button, Center, Group, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconCopy,
  IconDots,
  IconHistory,
  IconLock,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormFieldEnvProvider, type PersonOption } from '../../../components/form-fields/field-context.tsx';
import { type FormValues, initialValues, useFormFill } from '../../../components/form-fields/form-fill.ts';
import { usePendingUploads, useTrackedEnv } from '../../../components/form-fields/pending-uploads.ts';
import { FormRenderer } from '../../../components/form-renderer/form-renderer.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { StaleVersionModal } from '../../../components/ui/stale-version-modal.tsx';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { formPath, newId, teamFormsPath } from '../../../lib/form-paths.ts';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTemplateById } from '../../../lib/template-query.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  type FormChange,
  type FormDetailTyped,
  useChangeForms,
  useCloneForm,
  useCreateForm,
  useFormDetail,
  useSaveForm,
} from '../api/forms.ts';
import { useFormEnv } from './form-env.ts';
import { FormHistory } from './form-history.tsx';
import { MacroButton } from './macro-button.tsx';
import { PdfButton } from './pdf-button.tsx';
import { WorkflowPanel } from './workflow-panel.tsx';

export type FormPageContext = {
  companyId: string;
  teamId: string;
  /** The signed-in user. */
  me: PersonOption;
  /** The signed-in user's own signature for signature fields (issue 16.4), composed by the app. */
  mySignature?: () => Promise<Blob | null>;
  /** The people who can see the team: offered in person fields. */
  people: PersonOption[];
  /** Workspace > project > team, for File Path cells. */
  filePath: string;
  /** The actions cell of a saved form, composed by the app when actions exist. */
  actionsSlot?: (input: { formId: string; field: Field; readOnly: boolean }) => ReactNode;
  /** Extra buttons beside Save (PDF export), composed by the app. */
  extraActions?: (form: Form) => ReactNode;
};

/** A message page: 'Form unavailable.' and "You don't have access to this form". */
function Unavailable({ message, teamId }: { message: string; teamId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" />
        <Title order={2} fz="h4">
          {message}
        </Title>
        <Button variant="light" onClick={() => navigate(teamFormsPath(teamId))}>
          {t('forms.backToForms')}
        </Button>
      </Stack>
    </Center>
  );
}

/** An existing form: read, edit over its version, history, clone, archive, restore, delete, workflow. */
export function FormPage({ context, formId }: { context: FormPageContext; formId: string }) {
  const { t } = useTranslation();
  const detail = useFormDetail(context.teamId, formId);
  if (detail.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (detail.isError) {
    const error = detail.error;
    const code = error instanceof HttpError ? error.code : undefined;
    const status = error instanceof HttpError ? error.status : 0;
    if (status === 403 || code === 'formAccessDenied') {
      return <Unavailable message={t('forms.formAccessDenied')} teamId={context.teamId} />;
    }
    if (status === 404) return <Unavailable message={t('forms.formUnavailable')} teamId={context.teamId} />;
    return <Unavailable message={t('errors.generic')} teamId={context.teamId} />;
  }
  return (
    <FormEditor
      // A new version loaded (after a reload, a move or a reset) starts the editor afresh.
      key={`${detail.data.form.formId}:${detail.data.form.version}`}
      context={context}
      detail={detail.data}
      onReload={() => detail.refetch()}
    />
  );
}

/** A new form from a template, saved with an id made here once (a retried save never duplicates). */
export function NewFormPage({ context, templateId }: { context: FormPageContext; templateId: string }) {
  const { t } = useTranslation();
  const template = useTemplateById(templateId);
  if (template.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const tpl = template.data;
  if (template.isError || !tpl?.definition) {
    return <Unavailable message={t('forms.templateUnavailable')} teamId={context.teamId} />;
  }
  return (
    <FormEditor
      context={context}
      template={{
        templateId: tpl.templateId,
        name: tpl.name,
        templateCode: tpl.templateCode,
        formName: tpl.formName,
        type: tpl.type,
        version: tpl.currentVersion,
        definition: tpl.definition,
      }}
    />
  );
}

type EditorProps = {
  context: FormPageContext;
  detail?: FormDetailTyped;
  template?: FormDetailTyped['template'];
  onReload?: () => Promise<unknown>;
};

/**
 * The sticky footer's height, kept as the page's bottom scroll padding: whatever the browser
 * scrolls into view (focus, a field with an error, an opened signature pad) stops above the
 * footer instead of under it, and the form ends with as much room below it.
 */
function useFooterRoom(shown: boolean) {
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!footer || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(footer.getBoundingClientRect().height));
    observer.observe(footer);
    return () => observer.disconnect();
  }, [footer]);
  const room = shown ? height : 0;
  useEffect(() => {
    const root = document.documentElement;
    // A little air between what was scrolled to and the footer.
    root.style.scrollPaddingBottom = room > 0 ? `${room + 12}px` : '';
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [room]);
  return { ref: setFooter, room };
}

function FormEditor({ context, detail, template: newTemplate, onReload }: EditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = detail?.form ?? null;
  const template = (detail?.template ?? newTemplate) as FormDetailTyped['template'];
  const definition = template.definition as TemplateDefinition;
  const isNew = form === null;
  const [newFormId] = useState(newId);
  const formId = form?.formId ?? newFormId;
  const start = useMemo<FormValues>(() => (form ? { ...form.values } : initialValues(definition)), [form, definition]);
  const fill = useFormFill(definition, start, template.type !== 'workflow');
  const [stale, setStale] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirm, setConfirm] = useState<FormChange | null>(null);

  // Leaving with unsaved values asks first (a link, a folder, back, closing the tab).
  const guard = useUnsavedChangesGuard(fill.dirty && !(form?.readOnly ?? false));

  const create = useCreateForm(context.teamId);
  const save = useSaveForm(context.teamId, formId);
  const clone = useCloneForm(context.teamId, formId);
  const change = useChangeForms(context.teamId);

  const readOnly = form?.readOnly ?? false;
  const footer = useFooterRoom(!readOnly);
  const meta = useMemo(
    () => ({
      templateCode: template.templateCode,
      templateVersion: template.version,
      filePath: context.filePath,
      formVersion: form?.version,
    }),
    [template, context.filePath, form?.version],
  );
  // The signed-in user is always offered, even before the team's people have loaded.
  const people = useMemo(
    () =>
      context.people.some((p) => p.userId === context.me.userId) ? context.people : [context.me, ...context.people],
    [context.people, context.me],
  );
  const uploads = usePendingUploads();
  const fieldEnv = useFormEnv({
    companyId: context.companyId,
    teamId: context.teamId,
    definition,
    people,
    signerName: context.me.name,
    mySignature: context.mySignature,
    meta,
    template: { templateId: template.templateId, version: template.version },
  });
  const env = useTrackedEnv(fieldEnv, uploads);

  const failed = (error: unknown) => {
    if (error instanceof HttpError && error.code === 'staleVersion') {
      setStale(true);
      return;
    }
    if (error instanceof HttpError && error.code === 'formInvalid') {
      fill.attempt();
      showToast('error', t('forms.formInvalid'));
      return;
    }
    showToast('error', problemMessage(error, t));
  };

  const onSave = async () => {
    fill.attempt();
    // A signature or photo still uploading is part of what is saved: wait for it.
    await uploads.settled();
    const validation = fill.validateLatest();
    if (validation.errors.length > 0) {
      showToast('error', t('forms.formInvalid'));
      // Bring the first problem into view.
      const first = validation.errors[0];
      if (first)
        document
          .querySelector(`[data-field-id="${CSS.escape(first.fieldId)}"]`)
          ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    if (validation.formulaErrors.length > 0) showToast('error', t('forms.formulaError'));
    const values = validation.values;
    try {
      if (isNew) {
        const saved = await create.mutateAsync({ formId, templateId: template.templateId, values });
        fill.markSaved();
        showToast('success', t('forms.saved'));
        guard.leaveWithoutAsking(() => navigate(formPath(context.teamId, saved.formId), { replace: true }));
      } else {
        await save.mutateAsync({ baseVersion: form.version, values });
        showToast('success', t('forms.saved'));
        await onReload?.();
      }
    } catch (error) {
      failed(error);
    }
  };

  const runChange = async (what: FormChange) => {
    setConfirm(null);
    try {
      const result = await change.mutateAsync({ change: what, formIds: [formId] });
      if (result.failureMessage) {
        showToast('error', t(`forms.changeFailed.${what}`));
        return;
      }
      showToast('success', t(`forms.changed.${what}`));
      // A deleted form has nothing left to save: its edits go with it.
      if (what === 'delete') guard.leaveWithoutAsking(() => navigate(teamFormsPath(context.teamId), { replace: true }));
      else await onReload?.();
    } catch (error) {
      failed(error);
    }
  };

  const onClone = async () => {
    try {
      const copy = await clone.mutateAsync(newId());
      showToast('success', t('forms.cloned'));
      navigate(formPath(context.teamId, copy.formId));
    } catch (error) {
      failed(error);
    }
  };

  const lockedReason = (field: Field) =>
    isWorkflowSignature(definition, field) ? t('forms.signedByMoving') : undefined;

  const title = form?.title ?? t('forms.newTitle', { name: template.formName || template.name });
  const saving = create.isPending || save.isPending || uploads.waiting;
  const access = form?.access;

  return (
    <FormFieldEnvProvider value={env}>
      <Stack gap="md" maw={860} mx="auto" pb={`calc(${footer.room}px + var(--mantine-spacing-xl))`}>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          {/* On a phone the buttons go under the title rather than squeezing it. */}
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {template.name}
              </Text>
              {form && (
                <Badge variant="light" color="gray" size="sm">
                  {t('forms.versionBadge', { version: form.version })}
                </Badge>
              )}
              {form?.state === 'archived' && (
                <Badge color="orange" size="sm">
                  {t('forms.archivedBadge')}
                </Badge>
              )}
              {readOnly && (
                <Badge color="gray" size="sm" leftSection={<IconLock size={12} />}>
                  {t('forms.readOnly')}
                </Badge>
              )}
            </Group>
          </Stack>
          {form && (
            <Group gap="xs" wrap="nowrap">
              <MacroButton
                teamId={context.teamId}
                form={form}
                dirty={fill.dirty}
                fieldLabel={(fieldId) => definition.fields.find((f) => f.id === fieldId)?.label || fieldId}
                onWritten={() => void onReload?.()}
                onStale={() => setStale(true)}
              />
              <PdfButton teamId={context.teamId} formId={form.formId} />
              {context.extraActions?.(form)}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" px="xs" aria-label={t('forms.moreActions')}>
                    <IconDots size={18} />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => setHistoryOpen(true)}>
                    {t('forms.history')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCopy size={16} />}
                    disabled={!access?.clone}
                    onClick={() => void onClone()}
                  >
                    {t('forms.clone')}
                  </Menu.Item>
                  {form.state === 'active' ? (
                    <Menu.Item
                      leftSection={<IconArchive size={16} />}
                      disabled={!access?.archive}
                      onClick={() => setConfirm('archive')}
                    >
                      {t('forms.archive')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconRestore size={16} />}
                      disabled={!access?.restore}
                      onClick={() => void runChange('restore')}
                    >
                      {t('forms.restore')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={!access?.delete}
                    onClick={() => setConfirm('delete')}
                  >
                    {t('forms.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>

        {form?.archivedFolder && (
          <Alert color="orange" icon={<IconArchive size={18} />} title={t('forms.archivedFolderTitle')}>
            {t('forms.archivedFolderBody')}
          </Alert>
        )}
        {form && !form.archivedFolder && form.state === 'archived' && (
          <Alert color="gray" icon={<IconArchive size={18} />}>
            {t('forms.archivedFormBody')}
          </Alert>
        )}
        {form && form.formulaErrors.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {t('forms.formulaError')}
          </Alert>
        )}

        {form?.workflow && (
          <WorkflowPanel
            teamId={context.teamId}
            form={form}
            definition={definition}
            values={fill.computed}
            signerName={context.me.name}
            dirty={fill.dirty}
            onChanged={() => onReload?.()}
            onStale={() => setStale(true)}
          />
        )}

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <FormRenderer
            definition={definition}
            mode="fill"
            fill={fill}
            readOnly={readOnly}
            lockedReason={lockedReason}
            actionsSlot={
              context.actionsSlot && form
                ? (field) =>
                    context.actionsSlot?.({
                      formId: form.formId,
                      field,
                      readOnly: form.state !== 'active' || form.archivedFolder,
                    })
                : undefined
            }
          />
        </Paper>
      </Stack>

      {!readOnly && (
        <Box
          ref={footer.ref}
          pos="fixed"
          bottom={0}
          right={0}
          left="var(--app-shell-navbar-offset, 0rem)"
          py="sm"
          px="md"
          style={{
            zIndex: 150,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Group justify="flex-end" maw={860} mx="auto" gap="sm" wrap="nowrap">
            {fill.dirty && (
              <Text size="sm" c="dimmed" style={{ flex: 1 }} truncate>
                {t('forms.unsaved')}
              </Text>
            )}
            <Button variant="default" onClick={() => navigate(teamFormsPath(context.teamId))}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void onSave()} loading={saving} miw={120}>
              {t('forms.save')}
            </Button>
          </Group>
        </Box>
      )}

      <StaleVersionModal
        opened={stale}
        title={t('forms.staleTitle')}
        message={t('forms.newVersionAvailable')}
        onCancel={() => setStale(false)}
        onReload={() => {
          setStale(false);
          void onReload?.();
        }}
      />

      <ConfirmModal
        confirmation={
          confirm && {
            title: t(`forms.confirm.${confirm}Title`),
            body: t(`forms.confirm.${confirm}Body`, { title }),
            confirmLabel: t(`forms.${confirm}`),
            danger: confirm === 'delete',
            onConfirm: () => runChange(confirm),
          }
        }
        busy={change.isPending}
        onClose={() => setConfirm(null)}
      />

      {form && (
        <FormHistory
          opened={historyOpen}
          onClose={() => setHistoryOpen(false)}
          teamId={context.teamId}
          formId={form.formId}
          definition={definition}
          meId={context.me.userId}
        />
      )}
    </FormFieldEnvProvider>
  );
}

import type { Form } from '@formwork/shared/schemas/forms';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { Alert, Badge, Button, Group, Menu, Modal, Paper, Stack, Stepper, Text } from '@mantine/core';
import { IconArrowRight, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { useFormFieldEnv } from '../../../components/form-fields/field-context.tsx';
import { SignaturePad } from '../../../components/form-fields/signature-pad.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useWorkflowMove, useWorkflowReset } from '../api/forms.ts';

type Column = { id: string; name: string };

/**
 * The approval signature of a move (spec 4.1): drawn, uploaded as a signature, then the form
 * moves with it over the version it was based on.
 */
export function ApproveMoveModal({
  opened,
  onClose,
  teamId,
  formId,
  baseVersion,
  from,
  to,
  signerName,
  onMoved,
  onStale,
}: {
  opened: boolean;
  onClose: () => void;
  teamId: string;
  formId: string;
  baseVersion: number;
  from: Column | undefined;
  to: Column | undefined;
  signerName: string;
  onMoved: (form: Form) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const env = useFormFieldEnv();
  const move = useWorkflowMove(teamId);
  const [busy, setBusy] = useState(false);

  const sign = async (png: Blob) => {
    setBusy(true);
    try {
      let fileId: string;
      try {
        fileId = (await env.upload('signature', png)).fileId;
      } catch {
        showToast('error', t('formFields.uploadSignatureFailed'));
        return;
      }
      const moved = await move.mutateAsync({ formId, baseVersion, signature: { fileId, signerName } });
      showToast('success', t('workflows.moved', { column: to?.name ?? '' }));
      onMoved(moved);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'staleVersion') onStale();
      else if (error instanceof HttpError && error.code === 'workflowMissingRequired')
        showToast('error', t('workflows.missingRequired'));
      else showToast('error', problemMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workflows.approveTitle', { column: to?.name ?? '' })}
      size="lg"
      centered
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light">{from?.name}</Badge>
          <IconArrowRight size={16} />
          <Badge>{to?.name}</Badge>
        </Group>
        <Text size="sm">{t('workflows.approveBody', { name: signerName })}</Text>
        {opened && (
          <SignaturePad
            label={t('workflows.approvalPad')}
            busy={busy}
            confirmLabel={t('workflows.signAndMove')}
            onCancel={onClose}
            onDone={sign}
          />
        )}
      </Stack>
    </Modal>
  );
}

/** Where a workflow form is, who approved each move, and the move and reset buttons. */
export function WorkflowPanel({
  teamId,
  form,
  signerName,
  dirty,
  onChanged,
  onStale,
}: {
  teamId: string;
  form: Form;
  definition: TemplateDefinition;
  values: Record<string, unknown>;
  signerName: string;
  dirty: boolean;
  onChanged: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDateText();
  const workflow = form.workflow;
  const [moving, setMoving] = useState(false);
  const reset = useWorkflowReset(teamId);
  if (!workflow) return null;
  const { column, columns, signatures } = workflow;
  const last = column >= columns.length - 1;
  const canChange = !form.readOnly && form.state === 'active';

  const onReset = async (to: number) => {
    try {
      await reset.mutateAsync({ formId: form.formId, baseVersion: form.version, column: to });
      showToast('success', t('workflows.resetDone', { column: columns[to]?.name ?? '' }));
      onChanged();
    } catch (error) {
      if (error instanceof HttpError && error.code === 'staleVersion') onStale();
      else showToast('error', problemMessage(error, t));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-workflow-panel>
      <Stack gap="sm">
        <Stepper active={column} size="sm" allowNextStepsSelect={false} orientation="horizontal" wrap>
          {columns.map((c, index) => {
            const signature = signatures.find((s) => s.column === index);
            return (
              <Stepper.Step
                key={c.id}
                label={c.name}
                description={
                  signature
                    ? t('workflows.approvedBy', {
                        name: signature.signerName ?? t('workflows.someone'),
                        when: dates.instant(signature.signedAt),
                      })
                    : undefined
                }
              />
            );
          })}
        </Stepper>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {t('workflows.currentColumn')}{' '}
            <Text span fw={600} data-workflow-column>
              {columns[column]?.name}
            </Text>
          </Text>
          <Group gap="xs">
            {canChange && form.access.workflowReset && column > 0 && (
              <Menu withinPortal position="bottom-end">
                <Menu.Target>
                  <Button variant="default" size="sm" leftSection={<IconRotate size={16} />} loading={reset.isPending}>
                    {t('workflows.reset')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('workflows.resetTo')}</Menu.Label>
                  {columns.slice(0, column).map((c, index) => (
                    <Menu.Item key={c.id} onClick={() => void onReset(index)}>
                      {c.name}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            {canChange && form.access.workflowMove && !last && (
              <Button
                size="sm"
                rightSection={<IconArrowRight size={16} />}
                disabled={dirty}
                onClick={() => setMoving(true)}
              >
                {t('workflows.moveTo', { column: columns[column + 1]?.name ?? '' })}
              </Button>
            )}
          </Group>
        </Group>
        {dirty && canChange && !last && (
          <Alert color="blue" p="xs">
            <Text size="xs">{t('workflows.saveBeforeMove')}</Text>
          </Alert>
        )}
      </Stack>
      <ApproveMoveModal
        opened={moving}
        onClose={() => setMoving(false)}
        teamId={teamId}
        formId={form.formId}
        baseVersion={form.version}
        from={columns[column]}
        to={columns[column + 1]}
        signerName={signerName}
        onMoved={() => {
          setMoving(false);
          onChanged();
        }}
        onStale={() => {
          setMoving(false);
          onStale();
        }}
      />
    </Paper>
  );
}

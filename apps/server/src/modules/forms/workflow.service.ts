import { missingRequired, validateFormValues } from '@formwork/shared/forms/validate-form-values';
import type { Form } from '@formwork/shared/schemas/forms';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { archivedFolder, stale, toForm } from './form-model.ts';
import * as queries from './forms.queries.ts';
import { requireForm } from './load-form.service.ts';

/**
 * Moves a workflow form into its next column with an approval signature (spec 4.1): n columns take
 * n - 1 moves, so n - 1 signatures. The signature is also written into the approval-signature field
 * of that column, if the template has one. Moving into the last column closes the form, which
 * needs every required field ('Cannot close completed workflow forms with missing required fields').
 */
export async function moveForm(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  formId: string,
  body: { baseVersion: number; signature: { fileId: string; signerName?: string } },
): Promise<Form> {
  const ctx = access;
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const form = await requireForm(tx, { workspaceId, teamId }, formId);
    const { definition } = form;
    if (archivedFolder(ctx) || form.state !== 'active') throw new AppError('formReadOnly');
    const columns = definition.workflow?.columns ?? [];
    const current = form.workflowColumn ?? 0;
    if (form.template.type !== 'workflow' || current + 1 >= columns.length) {
      throw new AppError('workflowNotApplicable', {
        detail: form.template.type === 'workflow' ? 'The form is already in its last column' : 'Not a workflow form',
      });
    }
    if (form.version !== body.baseVersion) throw stale(form.version);
    const target = current + 1;
    const files = await queries.usableFiles(tx, { workspaceId, teamId, userId: access.user.userId }, [
      body.signature.fileId,
    ]);
    if (!files.has(body.signature.fileId)) {
      throw new AppError('validationFailed', {
        errors: [{ path: 'signature.fileId', message: 'Upload the signature first', code: 'invalid' }],
      });
    }
    const column = columns[target] as { id: string };
    const field = definition.fields.find((f) => f.type === 'approvalSignature' && f.columnId === column.id);
    const signedAt = new Date().toISOString();
    const values = { ...form.values };
    if (field) {
      values[field.id] = {
        fileId: body.signature.fileId,
        signedAt,
        ...(body.signature.signerName ? { signerName: body.signature.signerName } : {}),
      };
    }
    if (target === columns.length - 1) {
      const checked = validateFormValues(definition, values, { requireComplete: false, kept: values });
      const missing = missingRequired(definition, checked.values, new Set(checked.hiddenFieldIds));
      if (missing.length > 0) {
        throw new AppError('workflowMissingRequired', {
          errors: missing.map((m) => ({ path: `values.${m.path}`, message: m.message, code: m.code })),
        });
      }
    }
    const moved = await queries.updateFormValues(
      tx,
      workspaceId,
      formId,
      body.baseVersion,
      { values, workflowColumn: target, kind: 'moved', userId: access.user.userId },
      {
        actorUserId: access.user.userId,
        folderPath: ctx.folder.path as string[],
        action: 'form.moved',
        details: { column: target, columnName: (columns[target] as { name: string }).name },
      },
    );
    if (!moved) throw stale(await queries.currentVersion(tx, workspaceId, formId));
    await queries.insertSignature(tx, {
      workspaceId,
      formId,
      column: target,
      fieldId: field?.id ?? null,
      fileId: body.signature.fileId,
      signerName: body.signature.signerName ?? null,
      userId: access.user.userId,
      formVersion: moved.version,
    });
    const signatures = await queries.workflowSignatures(tx, workspaceId, formId);
    return toForm(ctx, moved, { type: 'workflow', definition }, signatures, []);
  });
}

/**
 * Resets a workflow form back to an earlier column (team controllers and above): the approval
 * signatures of every later column are removed, from the history of moves and from the fields.
 */
export async function resetForm(
  db: AppDb,
  access: AccessContext,
  teamId: string,
  formId: string,
  body: { baseVersion: number; column: number },
): Promise<Form> {
  const ctx = access;
  const workspaceId = ctx.workspace.workspaceId;
  return inScope(db, ctx.scope, async (tx) => {
    const form = await requireForm(tx, { workspaceId, teamId }, formId);
    const { definition } = form;
    if (archivedFolder(ctx) || form.state !== 'active') throw new AppError('formReadOnly');
    const columns = definition.workflow?.columns ?? [];
    const current = form.workflowColumn ?? 0;
    if (form.template.type !== 'workflow' || body.column >= current) {
      throw new AppError('workflowNotApplicable', { detail: 'Reset to an earlier column' });
    }
    if (form.version !== body.baseVersion) throw stale(form.version);
    const later = new Set(columns.slice(body.column + 1).map((c) => c.id));
    const values = { ...form.values };
    for (const field of definition.fields) {
      if (field.type === 'approvalSignature' && field.columnId && later.has(field.columnId)) delete values[field.id];
    }
    const reset = await queries.updateFormValues(
      tx,
      workspaceId,
      formId,
      body.baseVersion,
      { values, workflowColumn: body.column, kind: 'reset', userId: access.user.userId },
      {
        actorUserId: access.user.userId,
        folderPath: ctx.folder.path as string[],
        action: 'form.reset',
        details: { column: body.column, columnName: columns[body.column]?.name ?? '' },
      },
    );
    if (!reset) throw stale(await queries.currentVersion(tx, workspaceId, formId));
    await queries.deleteSignaturesAfter(tx, workspaceId, formId, body.column);
    const signatures = await queries.workflowSignatures(tx, workspaceId, formId);
    return toForm(ctx, reset, { type: 'workflow', definition }, signatures, []);
  });
}

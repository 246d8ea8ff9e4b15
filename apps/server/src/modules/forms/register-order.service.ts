import { isListedField, registerOrderField, registerSortKind } from '@formwork/shared/templates/register-order';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { type RegisterScope, storedSortSpec } from './register.queries.ts';
import * as queries from './register-order.queries.ts';

/**
 * A template's register order, and every field its register was ever sorted by, keep their forms'
 * sort keys stored and indexed (triggers write them with every form save, ADR 0015), so a register
 * sorts by any column by walking an index. The first sort by a field (or a changed kind) queues a
 * job that writes the keys of the forms already there; until it has, the register sorts by that
 * field by scanning, so it is slower for a while, never wrong.
 */

export const registerSortKeysJobKind = 'register.sortKeys';

/** The definition's sortable fields, as the register sorts them. */
export function sortFields(definition: TemplateDefinition): queries.SortField[] {
  return definition.fields.filter(isListedField).flatMap((field) => {
    const kind = registerSortKind(field);
    return kind ? [{ fieldId: field.id, kind }] : [];
  });
}

/**
 * Brings the template's keyed fields in line with the definition, in the caller's transaction
 * (every template create, save and clone): the register order is keyed; answers whether a keying
 * job was queued (wake the runner once the transaction committed).
 */
export async function applyRegisterOrder(
  tx: Tx,
  template: { workspaceId: string; templateId: string; folderId: string; definition: TemplateDefinition },
  userId: string,
): Promise<boolean> {
  const { definition } = template;
  const order = registerOrderField(definition.fields, definition.registerOrder);
  const ensure = order && { fieldId: order.field.id, kind: order.kind };
  const fields = sortFields(definition);
  const { rekey } = await queries.setTemplateSortFields(tx, template.workspaceId, template.templateId, fields, ensure);
  if (rekey) await queueKeying(tx, template.workspaceId, template.templateId, template.folderId, userId);
  return rekey;
}

function queueKeying(tx: Tx, workspaceId: string, templateId: string, folderId: string, userId: string) {
  return enqueueJob(tx, {
    workspaceId,
    jobId: crypto.randomUUID(),
    kind: registerSortKeysJobKind,
    folderId,
    params: { templateId },
    createdBy: userId,
  });
}

/**
 * The register scope sorted by stored keys when it sorts by a field whose keys are all stored.
 * The first sort by a field lists it among the template's keyed fields and queues the job that
 * keys the forms there are (`queued`: wake the runner once the transaction committed), unless
 * `userId` is null (an export reads the keys there are, and lists nothing).
 */
export async function withStoredSortKeys(
  tx: Tx,
  scope: RegisterScope,
  definition: TemplateDefinition,
  sort: string,
  userId: string | null,
): Promise<{ scope: RegisterScope; queued: boolean }> {
  if (!sort.startsWith('field:')) return { scope, queued: false };
  const field = sortFields(definition).find((f) => f.fieldId === sort.slice(6));
  if (!field) return { scope, queued: false };
  const state = await queries.sortFieldState(tx, scope.workspaceId, scope.templateId, field);
  if (state === 'keyed')
    return { scope: { ...scope, sort: storedSortSpec(scope, field.fieldId, field.kind) }, queued: false };
  if (state === 'waiting' || userId === null) return { scope, queued: false };
  const hasForms = await queries.templateHasForms(tx, scope.workspaceId, scope.templateId);
  const added = await queries.addSortField(tx, scope.workspaceId, scope.templateId, field, !hasForms);
  if (added && hasForms) await queueKeying(tx, scope.workspaceId, scope.templateId, scope.teamId, userId);
  return { scope, queued: added && hasForms };
}

const batchSize = 1000;

/** The keying job: the template's forms a batch per transaction, so saves go on meanwhile. */
export function registerSortKeysJobHandler(db: AppDb): JobHandler {
  return async (job) => {
    const { templateId } = job.params as { templateId: string };
    const scope = { workspaceId: job.workspaceId, userId: job.createdBy, isAdmin: false };
    const fields = await inScope(db, scope, (tx) => queries.unkeyedSortFields(tx, job.workspaceId, templateId));
    await inScope(db, scope, (tx) => queries.waitForCreations(tx, job.workspaceId, templateId));
    let after = 0;
    for (;;) {
      const last = await inScope(db, scope, (tx) =>
        queries.keyBatch(tx, job.workspaceId, templateId, after, batchSize),
      );
      if (last === null) break;
      after = last;
    }
    await inScope(db, scope, (tx) => queries.markSortFieldsKeyed(tx, job.workspaceId, templateId, fields));
    return { lastNumber: after };
  };
}

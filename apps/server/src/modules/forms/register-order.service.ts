import { registerOrderField } from '@formwork/shared/templates/register-order';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { type RegisterScope, storedSortSpec } from './register.queries.ts';
import * as queries from './register-order.queries.ts';

/**
 * A template's register order keeps its forms' sort keys stored and indexed (a trigger writes them
 * with every form save). When the order changes, a job re-keys the existing forms; until it has,
 * the register sorts by scanning, so a changing order is slower for a while, never wrong.
 */

export const registerSortKeysJobKind = 'register.sortKeys';

/**
 * Records the definition's register order on the template, in the caller's transaction; answers
 * whether a re-key job was queued (wake the runner once the transaction committed).
 */
export async function applyRegisterOrder(
  tx: Tx,
  template: { workspaceId: string; templateId: string; folderId: string; definition: TemplateDefinition },
  userId: string,
): Promise<boolean> {
  const order = registerOrderField(template.definition.fields, template.definition.registerOrder);
  const sort = order && { fieldId: order.field.id, kind: order.kind };
  const { rekey } = await queries.setTemplateSortField(tx, template.workspaceId, template.templateId, sort);
  if (!rekey) return false;
  await enqueueJob(tx, {
    workspaceId: template.workspaceId,
    jobId: crypto.randomUUID(),
    kind: registerSortKeysJobKind,
    folderId: template.folderId,
    params: { templateId: template.templateId },
    createdBy: userId,
  });
  return true;
}

/** The register scope sorted by stored keys when it sorts by the register order and they are current. */
export async function withStoredSortKeys(
  tx: Tx,
  scope: RegisterScope,
  definition: TemplateDefinition,
  sort: string,
): Promise<RegisterScope> {
  const order = registerOrderField(definition.fields, definition.registerOrder);
  if (!order || sort !== `field:${order.field.id}`) return scope;
  const source = queries.sortKeySource(order.field.id, order.kind);
  return (await queries.sortKeysCurrent(tx, scope, source)) ? { ...scope, sort: storedSortSpec(source) } : scope;
}

const batchSize = 1000;

/** The re-key job: the template's forms a batch per transaction, so saves go on meanwhile. */
export function registerSortKeysJobHandler(db: AppDb): JobHandler {
  return async (job) => {
    const { templateId } = job.params as { templateId: string };
    const scope = { workspaceId: job.workspaceId, userId: job.createdBy, isAdmin: false };
    let after = 0;
    for (;;) {
      const last = await inScope(db, scope, (tx) =>
        queries.rekeyBatch(tx, job.workspaceId, templateId, after, batchSize),
      );
      if (last === null) return { lastNumber: after };
      after = last;
    }
  };
}

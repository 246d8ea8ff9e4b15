import type { TemplateStateChange, TemplateStateChangeResult } from '@formwork/shared/schemas/templates';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordTemplateEvents } from './template-events.ts';
import * as queries from './templates.queries.ts';

export type TemplateStateAction = 'archive' | 'restore' | 'delete';

const resultState = { archive: 'archived', restore: 'active', delete: 'deleted' } as const;
const eventAction = { archive: 'template.archived', restore: 'template.restored', delete: 'template.deleted' } as const;

/**
 * Archive, restore or delete templates of one folder (spec 4.1, 7). All or nothing. A library
 * template's deployments go with it: archived, its teams list it as archived; restored, they list
 * it again; deleted, the deployments (its copies in the teams) and its versions are removed.
 */
export async function changeTemplateState(
  db: AppDb,
  access: AccessContext,
  action: TemplateStateAction,
  body: TemplateStateChange,
): Promise<TemplateStateChangeResult> {
  if (!body.folderId) throw new AppError('appArchivedError');
  const ctx = access;
  const ids = [...new Set(body.templates.map((t) => t._id))];
  if (ids.length === 0) throw new AppError('emptySelection');
  if ((ctx.folder.kind === 'company') !== body.isCompany) {
    throw new AppError('validationFailed', {
      errors: [{ path: 'body.isCompany', message: 'isCompany does not match the folder' }],
    });
  }
  const workspaceId = ctx.workspace.workspaceId;

  return inScope(db, ctx.scope, async (tx) => {
    const rows = await queries.templatesInFolder(tx, workspaceId, body.folderId as string, ids);
    const missing = ids.find((id) => !rows.some((r) => r.templateId === id));
    if (missing) throw new AppError('templateNotFound', { meta: { templateId: missing } });
    const changed =
      action === 'archive'
        ? await queries.setState(tx, workspaceId, ids, ['active'], 'archived')
        : action === 'restore'
          ? await queries.setState(tx, workspaceId, ids, ['archived'], 'active')
          : await queries.deleteTemplates(tx, workspaceId, ids);
    const changedSet = new Set(changed);
    await recordTemplateEvents(
      tx,
      rows
        .filter((r) => changedSet.has(r.templateId))
        .map((r) => ({
          workspaceId,
          actorUserId: ctx.user.userId,
          action: eventAction[action],
          subjectType: 'template' as const,
          subjectId: r.templateId,
          folderPath: [...ctx.folder.path],
          details: { name: r.name, templateCode: r.templateCode },
        })),
    );
    return { state: resultState[action], templateIds: changed };
  });
}

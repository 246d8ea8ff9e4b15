import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, projectIdOf, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { lists } from '../../db/schema.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { resolveListForProject } from './list-deployments.queries.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx);
});
afterAll(() => ctx.close());

function inWorkspace<T>(workspaceId: string, work: (tx: Tx) => Promise<T>) {
  return inScope(ctx.database.db, { userId: null, workspaceId, isAdmin: false }, work);
}

describe('resolveListForProject (issue 18.5 reads what 18.4 deploys)', () => {
  it("answers the project's deployed copy, else the company list itself; another workspace's id answers nothing", async () => {
    const companyListId = randomUUID();
    const copyId = randomUUID();
    const [p0, p1] = [projectIdOf(w, 0), projectIdOf(w, 1)];
    await inWorkspace(w.companyId, async (tx) => {
      await tx
        .insert(lists)
        .values({ workspaceId: w.companyId, listId: companyListId, folderId: w.companyId, name: 'Subs' });
      await tx.insert(lists).values({
        workspaceId: w.companyId,
        listId: copyId,
        folderId: p0,
        name: 'Subs',
        sourceListId: companyListId,
        deployment: 'empty',
      });
    });
    await inWorkspace(w.companyId, async (tx) => {
      expect(await resolveListForProject(tx, w.companyId, companyListId, p0)).toEqual({
        listId: copyId,
        deployment: 'empty',
        state: 'active',
      });
      expect(await resolveListForProject(tx, w.companyId, companyListId, p1)).toEqual({
        listId: companyListId,
        deployment: null,
        state: 'active',
      });
      expect(await resolveListForProject(tx, w.companyId, randomUUID(), p0)).toBeUndefined();
    });
    await inWorkspace(w.other.workspaceId, async (tx) => {
      expect(await resolveListForProject(tx, w.other.workspaceId, companyListId, p0)).toBeUndefined();
    });
  });
});

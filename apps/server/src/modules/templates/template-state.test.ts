import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  type PersonaName,
  type TestWorkspace,
  teamIdOf,
  templateBody,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function call(
  w: TestWorkspace,
  who: PersonaName,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const nonUuid = 'not-a-uuid';

async function create(w: TestWorkspace, folder: string, overrides: Record<string, unknown> = {}) {
  const res = await call(w, 'orgController', 'POST', `/api/${folder}/templates`, templateBody(overrides));
  expect(res.statusCode).toBe(201);
  return res.json() as { templateId: string; name: string };
}

async function names(w: TestWorkspace, who: PersonaName, folder: string, state: 'active' | 'archived') {
  const res = await call(w, who, 'GET', `/api/${folder}/templates?state=${state}`);
  expect(res.statusCode).toBe(200);
  return res.json().templates.map((t: { name: string }) => t.name) as string[];
}

async function count(workspaceId: string, table: string, templateId: string): Promise<number> {
  const result = await inScope(ctx.database.db, { workspaceId, userId: null, isAdmin: false }, (tx) =>
    tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where template_id = ${templateId}`,
    ),
  );
  return result.rows[0]?.n ?? -1;
}

describe('POST /api/templates/archive, restore, delete', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('archiving a deployed library template archives its copies in the teams; restore brings them back', async () => {
    const t = await create(w, `companies/${w.companyId}`, { name: 'Plant Register' });
    await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, { teamIds: [teamIdOf(w)] });
    const archived = await call(w, 'orgController', 'POST', '/api/templates/archive', {
      folderId: w.companyId,
      isCompany: true,
      templates: [{ _id: t.templateId }],
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ state: 'archived', templateIds: [t.templateId] });
    expect(await names(w, 'orgController', `companies/${w.companyId}`, 'active')).not.toContain('Plant Register');
    expect(await names(w, 'orgController', `companies/${w.companyId}`, 'archived')).toContain('Plant Register');
    expect(await names(w, 'teamMember', `teams/${teamIdOf(w)}`, 'active')).not.toContain('Plant Register');
    expect(await names(w, 'teamMember', `teams/${teamIdOf(w)}`, 'archived')).toContain('Plant Register');

    const restored = await call(w, 'orgController', 'POST', '/api/templates/restore', {
      folderId: w.companyId,
      isCompany: true,
      templates: [{ _id: t.templateId }],
    });
    expect(restored.json()).toEqual({ state: 'active', templateIds: [t.templateId] });
    expect(await names(w, 'teamMember', `teams/${teamIdOf(w)}`, 'active')).toContain('Plant Register');
    const events = (await call(w, 'orgController', 'GET', `/api/companies/${w.companyId}/activity`)).json().events;
    expect(events.slice(0, 2).map((e: { action: string }) => e.action)).toEqual([
      'template.restored',
      'template.archived',
    ]);
  });

  it('an archived template cannot be deployed (409) until restored', async () => {
    const t = await create(w, `companies/${w.companyId}`);
    await call(w, 'orgController', 'POST', '/api/templates/archive', {
      folderId: w.companyId,
      isCompany: true,
      templates: [{ _id: t.templateId }],
    });
    const res = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, {
      teamIds: [teamIdOf(w)],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('templateNotDeployable');
  });

  it('deleting removes the template, its versions, tab links and deployed copies', async () => {
    const tab = (
      await call(w, 'orgController', 'POST', `/api/companies/${w.companyId}/template-tabs`, { name: 'Gone' })
    ).json();
    const t = await create(w, `companies/${w.companyId}`, { tabIds: [tab.id] });
    await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, {
      teamIds: [teamIdOf(w), teamIdOf(w, 1)],
    });
    expect(await count(w.workspaceId, 'template_deployments', t.templateId)).toBe(2);
    const res = await call(w, 'orgController', 'POST', '/api/templates/delete', {
      folderId: w.companyId,
      isCompany: true,
      templates: [{ _id: t.templateId }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'deleted', templateIds: [t.templateId] });
    expect((await call(w, 'orgController', 'GET', `/api/templates/${t.templateId}`)).statusCode).toBe(404);
    for (const table of ['templates', 'template_versions', 'template_tab_links', 'template_deployments']) {
      expect(await count(w.workspaceId, table, t.templateId), table).toBe(0);
    }
    expect(await names(w, 'teamMember', `teams/${teamIdOf(w)}`, 'active')).not.toContain(t.name);
    // The Template ID is free again.
    expect(
      (
        await call(
          w,
          'orgController',
          'POST',
          `/api/companies/${w.companyId}/templates`,
          templateBody({ templateCode: (t as unknown as { templateCode: string }).templateCode }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('a team controller archives and deletes their team templates, not library ones (403)', async () => {
    const own = await create(w, `teams/${teamIdOf(w)}`);
    const lib = await create(w, `companies/${w.companyId}`);
    const mine = { folderId: teamIdOf(w), isCompany: false, templates: [{ _id: own.templateId }] };
    expect((await call(w, 'teamMember', 'POST', '/api/templates/archive', mine)).statusCode).toBe(403);
    expect((await call(w, 'teamController', 'POST', '/api/templates/archive', mine)).statusCode).toBe(200);
    expect((await call(w, 'teamMember', 'POST', '/api/templates/delete', mine)).statusCode).toBe(403);
    expect((await call(w, 'teamController', 'POST', '/api/templates/delete', mine)).statusCode).toBe(200);
    const library = { folderId: w.companyId, isCompany: true, templates: [{ _id: lib.templateId }] };
    expect((await call(w, 'teamController', 'POST', '/api/templates/archive', library)).statusCode).toBe(403);
    expect((await call(w, 'projectController', 'POST', '/api/templates/delete', library)).statusCode).toBe(403);
  });

  it('a template of another folder answers 404 templateNotFound; nothing changes', async () => {
    const a = await create(w, `teams/${teamIdOf(w)}`);
    const b = await create(w, `teams/${teamIdOf(w, 0, 1)}`);
    const res = await call(w, 'orgController', 'POST', '/api/templates/archive', {
      folderId: teamIdOf(w),
      isCompany: false,
      templates: [{ _id: a.templateId }, { _id: b.templateId }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'templateNotFound', meta: { templateId: b.templateId } });
    expect(await names(w, 'orgController', `teams/${teamIdOf(w)}`, 'active')).toContain(a.name);
  });

  it("another workspace's folder or templates answer 404", async () => {
    const t = await create(w, `companies/${w.companyId}`);
    const theirs = { folderId: w.companyId, isCompany: true, templates: [{ _id: t.templateId }] };
    expect((await call(w, 'outsider', 'POST', '/api/templates/archive', theirs)).statusCode).toBe(404);
    const mine = { folderId: w.other.workspaceId, isCompany: true, templates: [{ _id: t.templateId }] };
    expect((await call(w, 'outsider', 'POST', '/api/templates/delete', mine)).statusCode).toBe(404);
  });

  it('bad input: no folder (appArchivedError), empty selection, wrong types, non-uuid ids', async () => {
    const noFolder = await call(w, 'orgController', 'POST', '/api/templates/archive', {
      isCompany: true,
      templates: [{ _id: w.companyId }],
    });
    expect(noFolder.statusCode).toBe(400);
    expect(noFolder.json().code).toBe('appArchivedError');
    const empty = await call(w, 'orgController', 'POST', '/api/templates/archive', {
      folderId: w.companyId,
      isCompany: true,
      templates: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'emptySelection', title: 'Empty selection' });
    for (const body of [
      { folderId: w.companyId, isCompany: 'yes', templates: [] },
      { folderId: w.companyId, isCompany: true, templates: [{ _id: nonUuid }] },
      { folderId: nonUuid, isCompany: true, templates: [] },
      { folderId: w.companyId, templates: [] },
    ]) {
      expect((await call(w, 'orgController', 'POST', '/api/templates/restore', body)).statusCode).toBe(400);
    }
    // isCompany with a team id: the flag does not match the folder.
    const t = await create(w, `teams/${teamIdOf(w)}`);
    const wrongKind = await call(w, 'orgController', 'POST', '/api/templates/archive', {
      folderId: teamIdOf(w),
      isCompany: true,
      templates: [{ _id: t.templateId }],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors[0].path).toBe('body.isCompany');
  });
});

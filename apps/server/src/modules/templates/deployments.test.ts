import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  type PersonaName,
  type TestWorkspace,
  teamIdOf,
  templateBody,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

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

async function create(w: TestWorkspace, folder: string) {
  const res = await call(w, 'orgController', 'POST', `/api/${folder}/templates`, templateBody());
  expect(res.statusCode).toBe(201);
  return res.json() as { templateId: string; name: string; templateCode: string; formName: string };
}

describe('PUT /api/templates/:templateId/deployment (Manage Deployment)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('sets the exact set of teams: adds the new, removes the missing, keeps the rest', async () => {
    const t = await create(w, `companies/${w.companyId}`);
    const url = `/api/templates/${t.templateId}/deployment`;
    const first = await call(w, 'orgController', 'PUT', url, { teamIds: [teamIdOf(w), teamIdOf(w, 0, 1)] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      templateId: t.templateId,
      teamIds: [teamIdOf(w), teamIdOf(w, 0, 1)].sort(),
      added: [teamIdOf(w), teamIdOf(w, 0, 1)].sort(),
      removed: [],
    });
    const second = await call(w, 'orgController', 'PUT', url, {
      teamIds: [teamIdOf(w, 0, 1), teamIdOf(w, 1), teamIdOf(w, 1)],
    });
    expect(second.json()).toEqual({
      templateId: t.templateId,
      teamIds: [teamIdOf(w, 0, 1), teamIdOf(w, 1)].sort(),
      added: [teamIdOf(w, 1)],
      removed: [teamIdOf(w)],
    });
    const again = await call(w, 'orgController', 'PUT', url, { teamIds: [teamIdOf(w, 1), teamIdOf(w, 0, 1)] });
    expect(again.json()).toMatchObject({ added: [], removed: [] });
    const get = await call(w, 'orgMember', 'GET', url);
    expect(get.json().teamIds).toEqual([teamIdOf(w, 0, 1), teamIdOf(w, 1)].sort());
    const none = await call(w, 'orgController', 'PUT', url, { teamIds: [] });
    expect(none.json()).toMatchObject({ teamIds: [], removed: [teamIdOf(w, 0, 1), teamIdOf(w, 1)].sort() });
  });

  it("writes an event in each team's activity", async () => {
    const t = await create(w, `companies/${w.companyId}`);
    await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, { teamIds: [teamIdOf(w)] });
    const events = (await call(w, 'teamMember', 'GET', `/api/teams/${teamIdOf(w)}/activity`)).json().events;
    expect(events[0]).toMatchObject({
      action: 'template.deployed',
      subjectId: t.templateId,
      subjectName: t.name,
      folderPath: [w.companyId, w.projects[0]?.projectId, teamIdOf(w)],
    });
  });

  it('a save reaches every team it is deployed to', async () => {
    const t = await create(w, `companies/${w.companyId}`);
    await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, {
      teamIds: [teamIdOf(w), teamIdOf(w, 1)],
    });
    const saved = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, {
      expectedVersion: 1,
      name: 'Renamed',
      templateCode: t.templateCode,
      formName: t.formName,
      definition: { fields: [{ id: 'x', type: 'number' }] },
    });
    expect(saved.statusCode).toBe(200);
    for (const id of [teamIdOf(w), teamIdOf(w, 1)]) {
      const list = (await call(w, 'orgController', 'GET', `/api/teams/${id}/templates`)).json().templates;
      expect(list.find((x: { templateId: string }) => x.templateId === t.templateId)).toMatchObject({
        name: 'Renamed',
        currentVersion: 2,
        isDeployed: true,
      });
    }
  });

  it('only org controllers and admins manage deployment (403 otherwise)', async () => {
    const t = await create(w, `companies/${w.companyId}`);
    for (const who of ['orgMember', 'projectController', 'teamController', 'teamMember'] as const) {
      const res = await call(w, who, 'PUT', `/api/templates/${t.templateId}/deployment`, { teamIds: [teamIdOf(w)] });
      expect(res.statusCode, who).toBe(403);
    }
    expect(
      (await call(w, 'admin', 'PUT', `/api/templates/${t.templateId}/deployment`, { teamIds: [teamIdOf(w)] }))
        .statusCode,
    ).toBe(200);
  });

  it('team templates cannot be deployed (409)', async () => {
    const t = await create(w, `teams/${teamIdOf(w)}`);
    const res = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, {
      teamIds: [teamIdOf(w, 1)],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('templateNotDeployable');
  });

  it("teams must be this workspace's team folders: 404 teamNotFound otherwise, nothing changes", async () => {
    const t = await create(w, `companies/${w.companyId}`);
    const url = `/api/templates/${t.templateId}/deployment`;
    const theirs = w.other.projects[0]?.teams[0]?.teamId as string;
    for (const teamIds of [[teamIdOf(w), theirs], [w.projects[0]?.projectId as string], [w.companyId]]) {
      const res = await call(w, 'orgController', 'PUT', url, { teamIds });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('teamNotFound');
    }
    expect((await call(w, 'orgController', 'GET', url)).json().teamIds).toEqual([]);
  });

  it("another workspace's template answers 404; bad input 400", async () => {
    const t = await create(w, `companies/${w.companyId}`);
    const url = `/api/templates/${t.templateId}/deployment`;
    expect((await call(w, 'outsider', 'PUT', url, { teamIds: [] })).statusCode).toBe(404);
    expect((await call(w, 'outsider', 'GET', url)).statusCode).toBe(404);
    expect((await call(w, 'orgController', 'PUT', url, { teamIds: [nonUuid] })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PUT', url, { teamIds: teamIdOf(w) })).statusCode).toBe(400);
    expect((await call(w, 'orgController', 'PUT', url, {})).statusCode).toBe(400);
    expect(
      (await call(w, 'orgController', 'PUT', `/api/templates/${nonUuid}/deployment`, { teamIds: [] })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/companies/:companyId/templates/deploy and undeploy (bulk)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('deploys several templates to several teams and undeploys them', async () => {
    const a = await create(w, `companies/${w.companyId}`);
    const b = await create(w, `companies/${w.companyId}`);
    const url = `/api/companies/${w.companyId}/templates`;
    const body = { templateIds: [a.templateId, b.templateId], teamIds: [teamIdOf(w), teamIdOf(w, 1)] };
    const deployed = await call(w, 'orgController', 'POST', `${url}/deploy`, body);
    expect(deployed.statusCode).toBe(200);
    expect(deployed.json().changed).toHaveLength(4);
    expect((await call(w, 'orgController', 'POST', `${url}/deploy`, body)).json().changed).toEqual([]);
    const list = (await call(w, 'teamMember', 'GET', `/api/teams/${teamIdOf(w)}/templates`)).json().templates;
    expect(list.map((t: { templateId: string }) => t.templateId).sort()).toEqual([a.templateId, b.templateId].sort());
    const undeployed = await call(w, 'orgController', 'POST', `${url}/undeploy`, {
      templateIds: [a.templateId],
      teamIds: [teamIdOf(w), teamIdOf(w, 1)],
    });
    expect(undeployed.json().changed).toHaveLength(2);
    const after = (await call(w, 'teamMember', 'GET', `/api/teams/${teamIdOf(w)}/templates`)).json().templates;
    expect(after.map((t: { templateId: string }) => t.templateId)).toEqual([b.templateId]);
  });

  it('refuses non-controllers (403), other workspaces (404), team templates (404) and bad input (400)', async () => {
    const a = await create(w, `companies/${w.companyId}`);
    const own = await create(w, `teams/${teamIdOf(w)}`);
    const url = `/api/companies/${w.companyId}/templates/deploy`;
    const body = { templateIds: [a.templateId], teamIds: [teamIdOf(w)] };
    expect((await call(w, 'teamController', 'POST', url, body)).statusCode).toBe(403);
    expect((await call(w, 'outsider', 'POST', url, body)).statusCode).toBe(404);
    const teamTemplate = await call(w, 'orgController', 'POST', url, {
      templateIds: [own.templateId],
      teamIds: [teamIdOf(w, 1)],
    });
    expect(teamTemplate.statusCode).toBe(404);
    expect(teamTemplate.json().code).toBe('templateNotFound');
    const empty = await call(w, 'orgController', 'POST', url, { templateIds: [], teamIds: [teamIdOf(w)] });
    expect(empty.json().code).toBe('emptySelection');
    expect((await call(w, 'orgController', 'POST', url, { templateIds: [nonUuid], teamIds: [] })).statusCode).toBe(400);
    expect(
      (await call(w, 'orgController', 'POST', `/api/companies/${nonUuid}/templates/deploy`, body)).statusCode,
    ).toBe(400);
  });
});

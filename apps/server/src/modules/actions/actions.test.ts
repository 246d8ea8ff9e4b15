import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFormTemplate,
  createUser,
  createWorkspace,
  type Persona,
  personaFor,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { postForm } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
let formId: string;
let roleless: Persona;
/** A member of the team (and nothing else): the assignee of most actions here. */
let worker: Persona;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  const { templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: {
      fields: [
        { id: 'title', type: 'singleLineText', label: 'Title' },
        { id: 'acts', type: 'actions', label: 'Actions' },
      ],
    },
  });
  const form = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values: { title: 'Inspection' } });
  expect(form.statusCode, form.body).toBe(201);
  formId = form.json().formId;
  const user = await createUser(ctx.database.db, { firstName: 'No', lastName: 'Role' });
  await addMember(ctx.database.db, w.workspaceId, user.userId);
  roleless = personaFor(ctx, user);
  const assignee = await createUser(ctx.database.db, { firstName: 'Site', lastName: 'Worker' });
  await addMember(ctx.database.db, w.workspaceId, assignee.userId, { folderId: teamIdOf(w), role: 'member' });
  worker = personaFor(ctx, assignee);
});
afterAll(() => ctx.close());

async function send(who: Persona, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return ctx.app.inject({ method, url, headers: await who.headers(), ...(payload ? { payload } : {}) });
}

/** An action's address: under its workspace (ids are unique per workspace only). */
function at(actionId: string, tail = '', workspaceId = w.workspaceId) {
  return `/api/workspaces/${workspaceId}/actions/${actionId}${tail}`;
}

async function create(body: Record<string, unknown> = {}, who: Persona = w.personas.teamMember, teamId = teamIdOf(w)) {
  return send(who, 'POST', `/api/teams/${teamId}/actions`, { actionId: randomUUID(), title: 'Fix the rail', ...body });
}

async function created(body: Record<string, unknown> = {}, who: Persona = w.personas.teamMember) {
  const res = await create(body, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * An action assigned to someone of the team who has since lost their role there: they still see
 * and complete their action, and nothing else.
 */
async function assignedThenLeft(body: Record<string, unknown> = {}) {
  const user = await createUser(ctx.database.db, { firstName: 'Former', lastName: 'Worker' });
  await addMember(ctx.database.db, w.workspaceId, user.userId, { folderId: teamIdOf(w), role: 'member' });
  const action = await created({ assign: true, assigneeId: user.userId, ...body });
  await ctx.database.db.execute(
    sql`delete from memberships where workspace_id = ${w.workspaceId} and user_id = ${user.userId}`,
  );
  return { action, former: personaFor(ctx, user) };
}

async function outbox(to: string) {
  const result = await ctx.database.db.execute<{ subject: string; text_body: string }>(
    sql`select subject, text_body from mail_outbox where to_address = ${to} order by created_at`,
  );
  return result.rows;
}

async function events(actionId: string) {
  const result = await ctx.database.db.execute<{ action: string }>(
    sql`select action from audit_events where workspace_id = ${w.workspaceId} and subject_id = ${actionId}
        order by event_id`,
  );
  return result.rows.map((r) => r.action);
}

describe('POST /api/teams/:teamId/actions (create)', () => {
  it('saves a draft on its own in the team, with its path', async () => {
    const action = await created({ description: 'Loose handrail on level 2', dueDate: '2030-05-01', priority: 'high' });
    expect(action).toMatchObject({
      state: 'draft',
      stateLabel: 'Draft',
      title: 'Fix the rail',
      dueDate: '2030-05-01',
      priority: 'high',
      assignee: null,
      formId: null,
      version: 1,
      path: {
        workspace: { id: w.workspaceId },
        project: { id: w.projects[0]?.projectId, name: 'Project 1' },
        team: { id: teamIdOf(w), name: 'Team 1.1' },
      },
      access: { edit: true, assign: true, complete: false, reset: false },
    });
    expect(await events(action.actionId)).toEqual(['action.created']);
  });

  it('raises an action on a form and its Actions field', async () => {
    const action = await created({ formId, fieldId: 'acts' });
    expect(action).toMatchObject({ formId, fieldId: 'acts' });
    const list = await send(w.personas.teamMember, 'GET', `/api/teams/${teamIdOf(w)}/actions?formId=${formId}`);
    expect(list.json().actions.map((a: { actionId: string }) => a.actionId)).toContain(action.actionId);
  });

  it('assigns at once with assign: true and e-mails the assignee in the same transaction', async () => {
    const action = await created({ title: 'Replace the guard', assign: true, assigneeId: worker.userId });
    expect(action).toMatchObject({
      state: 'assigned',
      assignee: { userId: worker.userId, name: 'Site Worker' },
    });
    const mails = await outbox(worker.email);
    const mail = mails.find((m) => m.subject.includes('Replace the guard'));
    expect(mail?.subject).toBe('Action assigned to you: Replace the guard');
    expect(mail?.text_body).toContain(
      `${ctx.config.publicUrl}/launch?actionId=${action.actionId}&workspaceId=${w.workspaceId}`,
    );
    expect(mail?.text_body).toContain('Project 1 > Team 1.1');
  });

  it('e-mails an assignee who chose Spanish in Spanish, the due date in their locale (issue 26)', async () => {
    await ctx.database.db.execute(sql`update users set locale = 'es' where user_id = ${worker.userId}`);
    try {
      await created({ title: 'Cambiar la valla', assign: true, assigneeId: worker.userId, dueDate: '2026-03-14' });
      const mail = (await outbox(worker.email)).find((m) => m.subject.includes('Cambiar la valla'));
      expect(mail?.subject).toBe('Acción asignada a ti: Cambiar la valla');
      expect(mail?.text_body).toContain('Vence: 14 mar 2026');
      expect(mail?.text_body).toContain('Hola, Site Worker:');
    } finally {
      await ctx.database.db.execute(sql`update users set locale = null where user_id = ${worker.userId}`);
    }
  });

  it('assigns to anyone who can see the team, oneself included; refuses anyone else with a field error', async () => {
    const self = await create({ assign: true, assigneeId: w.personas.teamMember.userId });
    expect(self.statusCode, self.body).toBe(201);
    expect(self.json().assignee.userId).toBe(w.personas.teamMember.userId);
    for (const who of [w.personas.projectController, w.personas.orgMember, w.personas.visitor]) {
      const res = await create({ assign: true, assigneeId: who.userId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const admin = await createUser(ctx.database.db, { isAdmin: true });
    await addMember(ctx.database.db, w.workspaceId, admin.userId);
    expect((await create({ assign: true, assigneeId: admin.userId })).statusCode).toBe(201);

    // In the workspace, but with roles only where this team cannot be seen.
    const elsewhere = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, elsewhere.userId, {
      folderId: teamIdOf(w, 0, 1),
      role: 'controller',
    });
    const refusals = [
      await create({ assign: true, assigneeId: elsewhere.userId }),
      await create({ assigneeId: roleless.userId }),
    ];
    const draft = await created();
    refusals.push(
      await send(w.personas.teamMember, 'PUT', at(draft.actionId), { baseVersion: 1, assigneeId: elsewhere.userId }),
      await send(w.personas.teamMember, 'POST', at(draft.actionId, '/assign'), { assigneeId: elsewhere.userId }),
    );
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'actionInvalid', errors: [{ path: 'assigneeId' }] });
    }
  });

  it('is idempotent by the client id: a retry answers the same action, other content 409', async () => {
    const body = { actionId: randomUUID(), title: 'Once only' };
    const first = await send(w.personas.teamMember, 'POST', `/api/teams/${teamIdOf(w)}/actions`, body);
    const again = await send(w.personas.teamMember, 'POST', `/api/teams/${teamIdOf(w)}/actions`, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().actionId).toBe(body.actionId);
    const other = await send(w.personas.teamMember, 'POST', `/api/teams/${teamIdOf(w)}/actions`, {
      ...body,
      title: 'No',
    });
    expect(other.statusCode).toBe(409);
  });

  it('refuses bad input with 400', async () => {
    expect((await create({ title: '' })).statusCode).toBe(400);
    expect((await create({ dueDate: '2030-13-45' })).statusCode).toBe(400);
    expect((await create({ priority: 'urgent' })).statusCode).toBe(400);
    expect((await create({ actionId: 'nope' })).statusCode).toBe(400);
    const unassigned = await create({ assign: true });
    expect(unassigned.statusCode).toBe(400);
    expect(unassigned.json().code).toBe('actionInvalid');
    expect(unassigned.json().title).toBe('The action has invalid or incomplete data');
    const stranger = await createUser(ctx.database.db);
    expect((await create({ assigneeId: stranger.userId })).json().code).toBe('actionInvalid');
    expect((await create({ formId, fieldId: 'title' })).json().code).toBe('actionInvalid');
    expect((await create({ fieldId: 'acts' })).statusCode).toBe(400);
  });

  it('a form of another team is unavailable', async () => {
    const res = await create({ formId }, w.personas.orgController, teamIdOf(w, 0, 1));
    expect(res.statusCode).toBe(404);
  });

  it('403 without a role in the team, 404 for another workspace', async () => {
    expect((await create({}, roleless)).statusCode).toBe(403);
    expect((await create({}, w.personas.teamMember, teamIdOf(w, 0, 1))).statusCode).toBe(403);
    expect((await create({}, w.personas.outsider)).statusCode).toBe(404);
  });
});

describe('GET /api/workspaces/:workspaceId/actions/:actionId', () => {
  it('answers the action to members and to its assignee; 403 to others of the workspace', async () => {
    const { action, former } = await assignedThenLeft();
    const url = at(action.actionId);
    expect((await send(w.personas.projectMember, 'GET', url)).statusCode).toBe(200);
    const mine = await send(former, 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().access).toEqual({ edit: false, assign: false, complete: true, reset: false });
    expect((await send(roleless, 'GET', url)).statusCode).toBe(403);
  });

  it('404 actionNotFound for a missing id and for another workspace', async () => {
    const missing = await send(w.personas.teamMember, 'GET', at(randomUUID()));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('actionNotFound');
    const action = await created();
    const other = await send(w.personas.outsider, 'GET', at(action.actionId));
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('actionNotFound');
  });

  it('400 for a malformed id', async () => {
    expect((await send(w.personas.teamMember, 'GET', at('not-a-uuid'))).statusCode).toBe(400);
    expect((await send(w.personas.teamMember, 'GET', at(randomUUID(), '', 'not-a-uuid'))).statusCode).toBe(400);
  });

  it('the same action id in two workspaces of one user: each workspace answers its own, changes touch only it', async () => {
    const person = await createUser(ctx.database.db, { firstName: 'Both', lastName: 'Places' });
    const me = personaFor(ctx, person);
    await addMember(ctx.database.db, w.workspaceId, person.userId, { folderId: teamIdOf(w) });
    const other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
    await addMember(ctx.database.db, other.workspaceId, person.userId, { folderId: other.workspaceId });
    const actionId = randomUUID();
    const here = await create({ actionId, title: 'Here', assign: true, assigneeId: person.userId });
    expect(here.statusCode, here.body).toBe(201);
    const otherTeam = other.projects[0]?.teams[0]?.teamId as string;
    const there = await create(
      { actionId, title: 'There', assign: true, assigneeId: person.userId },
      other.personas.orgController,
      otherTeam,
    );
    expect(there.statusCode, there.body).toBe(201);

    const readHere = await send(me, 'GET', at(actionId));
    expect(readHere.statusCode, readHere.body).toBe(200);
    expect(readHere.json()).toMatchObject({ title: 'Here', path: { workspace: { id: w.workspaceId } } });
    const readThere = await send(me, 'GET', at(actionId, '', other.workspaceId));
    expect(readThere.statusCode, readThere.body).toBe(200);
    expect(readThere.json()).toMatchObject({ title: 'There', path: { workspace: { id: other.workspaceId } } });

    const done = await send(me, 'POST', at(actionId, '/complete', other.workspaceId), {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ title: 'There', state: 'completed' });
    expect((await send(me, 'GET', at(actionId))).json()).toMatchObject({ title: 'Here', state: 'assigned' });

    // Another workspace's action under this workspace: 404, as for anyone outside that workspace.
    const theirs = await create({ title: 'Theirs only' }, other.personas.orgController, otherTeam);
    expect((await send(me, 'GET', at(theirs.json().actionId))).statusCode).toBe(404);
    expect((await send(w.personas.teamMember, 'GET', at(actionId, '', other.workspaceId))).statusCode).toBe(404);
    expect(
      (await send(w.personas.teamMember, 'PUT', at(actionId, '', other.workspaceId), { baseVersion: 1, title: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/workspaces/:workspaceId/actions/:actionId (update)', () => {
  it('changes a draft over its version; a stale version answers 409', async () => {
    const action = await created();
    const url = at(action.actionId);
    const res = await send(w.personas.teamMember, 'PUT', url, { baseVersion: 1, title: 'Fix both rails' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Fix both rails', version: 2 });
    const stale = await send(w.personas.teamMember, 'PUT', url, { baseVersion: 1, title: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleVersion', meta: { currentVersion: 2 } });
    expect(await events(action.actionId)).toEqual(['action.created', 'action.updated']);
  });

  it('a new assignee of an assigned action is e-mailed; clearing the assignee is refused', async () => {
    const action = await created({ assign: true, assigneeId: w.personas.teamMember.userId });
    const url = at(action.actionId);
    const moved = await send(w.personas.teamMember, 'PUT', url, {
      baseVersion: 1,
      assigneeId: w.personas.teamController.userId,
      title: 'Moved on',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await outbox(w.personas.teamController.email)).some((m) => m.subject.includes('Moved on'))).toBe(true);
    const cleared = await send(w.personas.teamMember, 'PUT', url, { baseVersion: 2, assigneeId: null });
    expect(cleared.statusCode).toBe(400);
  });

  it('400 bad input, 403 without a role (even as assignee), 404 other workspace, 409 completed', async () => {
    const { action, former } = await assignedThenLeft();
    const url = at(action.actionId);
    expect((await send(w.personas.teamMember, 'PUT', url, { title: 'No version' })).statusCode).toBe(400);
    expect((await send(w.personas.teamMember, 'PUT', url, { baseVersion: 1, title: '' })).statusCode).toBe(400);
    expect((await send(former, 'PUT', url, { baseVersion: 1, title: 'Mine' })).statusCode).toBe(403);
    expect((await send(w.personas.outsider, 'PUT', url, { baseVersion: 1, title: 'X' })).statusCode).toBe(404);
    await send(former, 'POST', `${url}/complete`, {});
    const done = await send(w.personas.teamMember, 'PUT', url, { baseVersion: 2, title: 'After' });
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('actionState');
  });
});

describe('POST /api/workspaces/:workspaceId/actions/:actionId/assign', () => {
  it('assigns a draft: state assigned, an e-mail to the assignee, an audit event', async () => {
    const action = await created({ title: 'Sweep level 3' });
    const res = await send(w.personas.teamMember, 'POST', at(action.actionId, '/assign'), {
      assigneeId: worker.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'assigned', version: 2 });
    expect(res.json().assignedAt).not.toBeNull();
    const mail = (await outbox(worker.email)).find((m) => m.subject.includes('Sweep level 3'));
    expect(mail?.text_body).toContain('teamMember Persona assigned you an action');
    expect(await events(action.actionId)).toEqual(['action.created', 'action.assigned']);
  });

  it('uses the assignee chosen on the draft when none is given', async () => {
    const action = await created({ assigneeId: w.personas.teamController.userId });
    const res = await send(w.personas.teamMember, 'POST', at(action.actionId, '/assign'), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignee.userId).toBe(w.personas.teamController.userId);
  });

  it('400 without an assignee or with a stranger; 403 no role; 404 other workspace; 409 completed', async () => {
    const action = await created();
    const url = at(action.actionId, '/assign');
    expect((await send(w.personas.teamMember, 'POST', url, {})).statusCode).toBe(400);
    expect((await send(w.personas.teamMember, 'POST', url, { assigneeId: 'x' })).statusCode).toBe(400);
    const stranger = await createUser(ctx.database.db);
    expect((await send(w.personas.teamMember, 'POST', url, { assigneeId: stranger.userId })).statusCode).toBe(400);
    expect((await send(roleless, 'POST', url, { assigneeId: worker.userId })).statusCode).toBe(403);
    expect((await send(w.personas.outsider, 'POST', url, { assigneeId: worker.userId })).statusCode).toBe(404);
    const assigned = await send(w.personas.teamMember, 'POST', url, { assigneeId: worker.userId });
    const completed = await send(worker, 'POST', at(action.actionId, '/complete'), {});
    expect(completed.statusCode, completed.body).toBe(200);
    const again = await send(w.personas.teamMember, 'POST', url, { assigneeId: worker.userId });
    expect(assigned.statusCode).toBe(200);
    expect(again.statusCode).toBe(409);
  });

  it('nothing is e-mailed when the assignment fails', async () => {
    const lonely = await createUser(ctx.database.db);
    const action = await created({ title: 'Mailed only when assigned' });
    const refused = await send(w.personas.teamMember, 'POST', at(action.actionId, '/assign'), {
      assigneeId: lonely.userId,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await outbox(lonely.email)).toEqual([]);
    // The same action assigned to a member is mailed: the empty outbox above is the refusal's doing.
    const assigned = await send(w.personas.teamMember, 'POST', at(action.actionId, '/assign'), {
      assigneeId: worker.userId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await outbox(worker.email)).some((m) => m.subject.includes(action.title))).toBe(true);
  });
});

describe('POST /api/workspaces/:workspaceId/actions/:actionId/complete', () => {
  it('the assignee completes their action even without a role in the team', async () => {
    const { action, former } = await assignedThenLeft();
    const res = await send(former, 'POST', at(action.actionId, '/complete'), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'completed',
      stateLabel: 'Completed',
      completedBy: former.userId,
    });
    expect(await events(action.actionId)).toEqual(['action.created', 'action.assigned', 'action.completed']);
  });

  it('a team member completes; a draft cannot be completed (409)', async () => {
    const draft = await created();
    const refused = await send(w.personas.teamMember, 'POST', at(draft.actionId, '/complete'), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('actionState');
    const action = await created({ assign: true, assigneeId: worker.userId });
    const res = await send(w.personas.teamMember, 'POST', at(action.actionId, '/complete'), {});
    expect(res.statusCode).toBe(200);
  });

  it('400 bad version, 403 no role and not assignee, 404 other workspace', async () => {
    const action = await created({ assign: true, assigneeId: worker.userId });
    const url = at(action.actionId, '/complete');
    expect((await send(w.personas.teamMember, 'POST', url, { baseVersion: 'one' })).statusCode).toBe(400);
    expect((await send(roleless, 'POST', url, {})).statusCode).toBe(403);
    expect((await send(w.personas.outsider, 'POST', url, {})).statusCode).toBe(404);
    expect((await send(w.personas.teamMember, 'POST', url, { baseVersion: 7 })).statusCode).toBe(409);
  });
});

describe('POST /api/workspaces/:workspaceId/actions/:actionId/reset', () => {
  it('a controller resets a completed action to assigned, and an assigned one to draft', async () => {
    const action = await created({ assign: true, assigneeId: worker.userId });
    const url = at(action.actionId);
    await send(worker, 'POST', `${url}/complete`, {});
    const back = await send(w.personas.teamController, 'POST', `${url}/reset`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ state: 'assigned', completedAt: null, completedBy: null });
    const draft = await send(w.personas.teamController, 'POST', `${url}/reset`, {});
    expect(draft.json()).toMatchObject({ state: 'draft', assignedAt: null });
    expect(draft.json().assignee.userId).toBe(worker.userId);
    const again = await send(w.personas.teamController, 'POST', `${url}/reset`, {});
    expect(again.statusCode).toBe(409);
    expect(await events(action.actionId)).toEqual([
      'action.created',
      'action.assigned',
      'action.completed',
      'action.reset',
      'action.reset',
    ]);
  });

  it('a completed action may go straight back to draft', async () => {
    const action = await created({ assign: true, assigneeId: worker.userId });
    await send(worker, 'POST', at(action.actionId, '/complete'), {});
    const res = await send(w.personas.orgController, 'POST', at(action.actionId, '/reset'), {
      state: 'draft',
    });
    expect(res.json().state).toBe('draft');
  });

  it('400 bad state, 403 for members and the assignee, 404 other workspace', async () => {
    const action = await created({ assign: true, assigneeId: worker.userId });
    const url = at(action.actionId, '/reset');
    expect((await send(w.personas.teamController, 'POST', url, { state: 'completed' })).statusCode).toBe(400);
    expect((await send(w.personas.teamMember, 'POST', url, {})).statusCode).toBe(403);
    expect((await send(worker, 'POST', url, {})).statusCode).toBe(403);
    expect((await send(w.personas.outsider, 'POST', url, {})).statusCode).toBe(404);
  });
});

describe('GET /api/teams/:teamId/actions', () => {
  it("lists the team's actions newest first, filtered and keyset-paged", async () => {
    const teamId = w.projects[1]?.teams[0]?.teamId as string;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await create(
        { title: `Paged ${i}`, ...(i % 2 ? { assign: true, assigneeId: w.personas.orgMember.userId } : {}) },
        w.personas.orgController,
        teamId,
      );
      made.push(res.json().actionId);
    }
    const first = await send(w.personas.orgController, 'GET', `/api/teams/${teamId}/actions?limit=3`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().actions).toHaveLength(3);
    const next = await send(
      w.personas.orgController,
      'GET',
      `/api/teams/${teamId}/actions?limit=3&cursor=${first.json().nextCursor}`,
    );
    expect(next.json().actions).toHaveLength(2);
    expect(next.json().nextCursor).toBeNull();
    const all = [...first.json().actions, ...next.json().actions].map((a: { actionId: string }) => a.actionId);
    expect(all).toEqual([...made].reverse());
    const assigned = await send(w.personas.orgController, 'GET', `/api/teams/${teamId}/actions?state=assigned`);
    expect(assigned.json().actions).toHaveLength(2);
  });

  it('400 bad query, 403 without a role, 404 other workspace', async () => {
    expect((await send(w.personas.teamMember, 'GET', `/api/teams/${teamIdOf(w)}/actions?state=open`)).statusCode).toBe(
      400,
    );
    expect((await send(w.personas.teamMember, 'GET', `/api/teams/${teamIdOf(w)}/actions?cursor=zzz`)).statusCode).toBe(
      400,
    );
    expect((await send(roleless, 'GET', `/api/teams/${teamIdOf(w)}/actions`)).statusCode).toBe(403);
    expect((await send(w.personas.outsider, 'GET', `/api/teams/${teamIdOf(w)}/actions`)).statusCode).toBe(404);
  });
});

describe('GET /api/me/actions (My actions)', () => {
  it('lists what is assigned to the caller across workspaces, open ones by default', async () => {
    const person = await createUser(ctx.database.db, { firstName: 'Two', lastName: 'Hats' });
    const me = personaFor(ctx, person);
    await addMember(ctx.database.db, w.workspaceId, person.userId, { folderId: teamIdOf(w) });
    const other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
    // A team member here, an org controller there: each action's access follows its own workspace.
    await addMember(ctx.database.db, other.workspaceId, person.userId, {
      folderId: other.workspaceId,
      role: 'controller',
    });
    const otherTeam = other.projects[0]?.teams[0]?.teamId as string;
    const here = await created({ title: 'Here', assign: true, assigneeId: person.userId });
    const there = await create(
      { title: 'There', assign: true, assigneeId: person.userId },
      other.personas.orgController,
      otherTeam,
    );
    expect(there.statusCode, there.body).toBe(201);
    await created({ title: 'Not mine', assign: true, assigneeId: worker.userId });
    const draftForMe = await created({ title: 'Draft', assigneeId: person.userId });

    const res = await send(me, 'GET', '/api/me/actions');
    expect(res.statusCode, res.body).toBe(200);
    const titles = res.json().actions.map((a: { title: string }) => a.title);
    expect(titles).toEqual(['There', 'Here']);
    expect(res.json().actions[0]).toMatchObject({
      path: { workspace: { id: other.workspaceId } },
      access: { complete: true, edit: true, reset: true },
    });
    expect(res.json().actions[1]).toMatchObject({
      path: { workspace: { id: w.workspaceId } },
      access: { complete: true, edit: true, reset: false },
    });
    expect(titles).not.toContain(draftForMe.title);

    await send(me, 'POST', at(here.actionId, '/complete'), {});
    const open = await send(me, 'GET', '/api/me/actions');
    expect(open.json().actions.map((a: { title: string }) => a.title)).toEqual(['There']);
    const all = await send(me, 'GET', '/api/me/actions?state=all');
    expect(all.json().actions).toHaveLength(2);
  });

  it('nothing of a workspace the person has left', async () => {
    const person = await createUser(ctx.database.db);
    const me = personaFor(ctx, person);
    await addMember(ctx.database.db, w.workspaceId, person.userId, { folderId: teamIdOf(w) });
    await created({ title: 'Left behind', assign: true, assigneeId: person.userId });
    const before = await send(me, 'GET', '/api/me/actions');
    expect(before.json().actions.map((a: { title: string }) => a.title)).toEqual(['Left behind']);
    await ctx.database.db.execute(
      sql`delete from memberships where workspace_id = ${w.workspaceId} and user_id = ${person.userId}`,
    );
    await ctx.database.db.execute(
      sql`delete from workspace_users where workspace_id = ${w.workspaceId} and user_id = ${person.userId}`,
    );
    const res = await send(me, 'GET', '/api/me/actions');
    expect(res.json().actions).toEqual([]);
  });

  it('400 for a bad query', async () => {
    expect((await send(w.personas.teamMember, 'GET', '/api/me/actions?state=draft')).statusCode).toBe(400);
    expect((await send(w.personas.teamMember, 'GET', '/api/me/actions?limit=0')).statusCode).toBe(400);
  });
});

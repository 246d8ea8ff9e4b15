import { randomUUID } from 'node:crypto';
import { formulaErrorMessage } from '@formwork/shared/formula/evaluator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { inspectionDefinition, postForm, uploadSignature } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { PreparingClient } from '../../db/prepared-client.ts';

let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;
let libraryTemplateId: string;
let signatureFile: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: inspectionDefinition,
    formName: 'Inspection',
  }));
  ({ templateId: libraryTemplateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: w.companyId,
    definition: inspectionDefinition,
    deployTo: [teamIdOf(w, 0, 1)],
  }));
  signatureFile = await uploadSignature(ctx, w, teamIdOf(w));
});
afterAll(() => ctx.close());

async function count(table: string, where = sql`true`) {
  const result = await ctx.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(table)} where workspace_id = ${w.workspaceId} and ${where}`,
  );
  return Number(result.rows[0]?.n);
}

async function create(values: Record<string, unknown> = { title: 'Pour 1' }, who = w.personas.teamMember) {
  const res = await postForm(ctx, who, teamIdOf(w), { templateId, values });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function save(formId: string, baseVersion: number, values: Record<string, unknown>, who = w.personas.teamMember) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/teams/${teamIdOf(w)}/forms/${formId}`,
    headers: await who.headers(),
    payload: { baseVersion, values },
  });
}

describe('POST /api/teams/:teamId/forms (create)', () => {
  it('creates a form on the current template version, numbered, with formulas computed', async () => {
    const form = await create({
      title: 'Slab pour',
      count: 21,
      safe: { answer: 'yes' },
      sig: { fileId: signatureFile },
    });
    expect(form).toMatchObject({
      teamId: teamIdOf(w),
      templateId,
      templateVersion: 1,
      templateType: 'register',
      state: 'active',
      version: 1,
      values: { title: 'Slab pour', count: 21, double: 42 },
      workflow: null,
      archivedFolder: false,
      readOnly: false,
    });
    expect(form.title).toMatch(/^Inspection \d+$/);
    expect(form.access).toMatchObject({ edit: true, archive: true, delete: false });
  });

  it('a create replayed three times leaves exactly one form', async () => {
    const formId = randomUUID();
    const body = { formId, templateId, values: { title: 'Retried', count: 1 } };
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await postForm(ctx, w.personas.teamMember, teamIdOf(w), body));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 200]);
    expect(new Set(answers.map((a) => a.json().number)).size).toBe(1);
    expect(await count('forms', sql`form_id = ${formId}`)).toBe(1);
    expect(await count('form_versions', sql`form_id = ${formId}`)).toBe(1);
  });

  it('concurrent replays of one create still make one form', async () => {
    const formId = randomUUID();
    const body = { formId, templateId, values: { title: 'Raced' } };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postForm(ctx, w.personas.teamMember, teamIdOf(w), body)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201].includes(a.statusCode))).toBe(true);
    expect(await count('forms', sql`form_id = ${formId}`)).toBe(1);
  });

  it('the same id with other content is a conflict, not a replay', async () => {
    const formId = randomUUID();
    expect(
      (await postForm(ctx, w.personas.teamMember, teamIdOf(w), { formId, templateId, values: { title: 'A' } }))
        .statusCode,
    ).toBe(201);
    const other = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      formId,
      templateId,
      values: { title: 'B' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('duplicate');
  });

  it('refuses invalid or incomplete values with field-addressed errors', async () => {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { colour: 'green', when: '2023-02-30', nope: 1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('formInvalid');
    expect(body.title).toBe('The form has invalid or incomplete data. Please check');
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['values.colour', 'values.nope', 'values.title', 'values.when'].sort(),
    );
  });

  it('refuses files, people and forms that are not in the workspace', async () => {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { title: 'x', sig: { fileId: randomUUID() } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'values.sig.fileId' })]);
  });

  it('fills library templates only in the teams they are deployed to', async () => {
    const deployed = await postForm(ctx, w.personas.orgMember, teamIdOf(w, 0, 1), {
      templateId: libraryTemplateId,
      values: { title: 'Library' },
    });
    expect(deployed.statusCode).toBe(201);
    const elsewhere = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId: libraryTemplateId,
      values: { title: 'Library' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('formTemplateUnavailable');
  });

  it('members and above create; no role is refused; other workspaces are not found', async () => {
    for (const name of ['admin', 'orgController', 'orgMember', 'projectMember', 'teamController', 'visitor'] as const) {
      const res = await postForm(ctx, w.personas[name], teamIdOf(w), { templateId, values: { title: name } });
      expect(res.statusCode, name).toBe(201);
    }
    const sibling = await postForm(ctx, w.personas.teamMember, teamIdOf(w, 0, 1), {
      templateId,
      values: { title: 'x' },
    });
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json().title).toBe("You don't have access to this form");
    const outsider = await postForm(ctx, w.personas.outsider, teamIdOf(w), { templateId, values: { title: 'x' } });
    expect(outsider.statusCode).toBe(404);
  });

  it('bad input answers 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/forms`,
      headers: await w.personas.teamMember.headers(),
      payload: { formId: 'not-a-uuid', templateId, values: [] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET and PUT /api/teams/:teamId/forms/:formId', () => {
  it('gets the form with the definition of its template version', async () => {
    const created = await create({ title: 'Get me', count: 2 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${created.formId}`,
      headers: await w.personas.visitor.headers(),
    });
    expect(res.statusCode).toBe(200);
    const { form, template } = res.json();
    expect(form.values).toMatchObject({ title: 'Get me', double: 4 });
    expect(template).toMatchObject({ templateId, version: 1, type: 'register' });
    expect(template.definition.fields).toHaveLength(10);
    expect(form.access.edit).toBe(false);
    expect(form.readOnly).toBe(true);
  });

  it("Form unavailable. for a missing form; You don't have access to this form without a role", async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${randomUUID()}`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().title).toBe('Form unavailable.');
    const created = await create();
    const sibling = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w, 0, 1)}/forms/${created.formId}`,
      headers: await w.personas.orgMember.headers(),
    });
    expect(sibling.statusCode).toBe(404);
    const outsider = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${created.formId}`,
      headers: await w.personas.outsider.headers(),
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('saves over the base version and keeps every version in the history', async () => {
    const created = await create({ title: 'v1' });
    const saved = await save(created.formId, 1, { title: 'v2', count: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, values: { title: 'v2', count: 5, double: 10 } });
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${created.formId}/versions`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(history.json().versions.map((v: { version: number; change: string }) => [v.version, v.change])).toEqual([
      [2, 'saved'],
      [1, 'created'],
    ]);
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${created.formId}/versions/1`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(first.json().values).toEqual({ title: 'v1', double: 0 });
    expect(await count('audit_events', sql`subject_id = ${created.formId}`)).toBe(2);
  });

  it('a stale edit answers 409 with the current version', async () => {
    const created = await create({ title: 'v1' });
    expect((await save(created.formId, 1, { title: 'mine' })).statusCode).toBe(200);
    const stale = await save(created.formId, 1, { title: 'theirs' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'staleVersion', meta: { currentVersion: 2 } });
  });

  it('concurrent edits on one base version: one wins, the other 409', async () => {
    const created = await create({ title: 'v1' });
    const answers = await Promise.all([
      save(created.formId, 1, { title: 'left' }),
      save(created.formId, 1, { title: 'right' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await count('form_versions', sql`form_id = ${created.formId}`)).toBe(2);
  });

  // ADR 0016: on PostgreSQL a save is three round trips: the user with the route's team and roles
  // (one statement), the transaction's opening with the form's read, the update with the commit.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a save takes three round trips to PostgreSQL', async () => {
    const created = await create({ title: 'v1' });
    const headers = await w.personas.teamMember.headers();
    const calls: string[] = [];
    const original = PreparingClient.prototype.query;
    PreparingClient.prototype.query = function (this: PreparingClient, ...args: Parameters<PreparingClient['query']>) {
      const [config] = args;
      calls.push(typeof config === 'string' ? config : String(config?.text));
      return original.apply(this, args);
    };
    try {
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${teamIdOf(w)}/forms/${created.formId}`,
        headers,
        payload: { baseVersion: 1, values: { title: 'v2' } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    } finally {
      PreparingClient.prototype.query = original;
    }
    // The job runner may poll meanwhile: its claims are not the request's.
    expect(calls.filter((text) => !/\bjobs\b/.test(text))).toHaveLength(3);
  });

  // On PostgreSQL the update carries the transaction's commit (ADR 0016): a save that passed the
  // version check but lost the row to another writer commits an update that changed nothing, and
  // answers 409 with the winner's version from a read of its own. Another connection holds the
  // form's row and moves its version while the save waits for it.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a save that loses the row after its version check answers 409 and writes nothing',
    async () => {
      const created = await create({ title: 'v1' });
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update forms set version = version + 1 where form_id = $1', [created.formId]);
        const pending = save(created.formId, 1, { title: 'late' });
        for (let i = 0; i < 200; i++) {
          const waiting = await other.query(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          );
          if (waiting.rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await other.query('commit');
        const late = await pending;
        expect(late.statusCode, late.body).toBe(409);
        expect(late.json()).toMatchObject({ code: 'staleVersion', meta: { currentVersion: 2 } });
      } finally {
        await other.end();
      }
      expect(await count('form_versions', sql`form_id = ${created.formId}`)).toBe(1);
      expect(await count('audit_events', sql`subject_id = ${created.formId}`)).toBe(1);
      const next = await save(created.formId, 2, { title: 'v3' });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json()).toMatchObject({ version: 3, values: { title: 'v3' } });
    },
  );

  it('visitors edit only their own forms; read-only fields are never taken from the client', async () => {
    const theirs = await create({ title: 'member form' });
    const refused = await save(theirs.formId, 1, { title: 'visitor edit' }, w.personas.visitor);
    expect(refused.statusCode).toBe(403);
    const own = await create({ title: 'visitor form' }, w.personas.visitor);
    const ok = await save(own.formId, 1, { title: 'edited', count: 3, double: 99 }, w.personas.visitor);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().values.double).toBe(6);
  });

  it('reports formula errors without refusing the save', async () => {
    const { templateId: divide } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamIdOf(w),
      definition: {
        fields: [
          { id: 'n', type: 'number' },
          { id: 'ratio', type: 'formula', expression: '10 / {n}' },
        ],
      },
    });
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId: divide, values: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json().formulaErrors).toEqual([
      { fieldId: 'ratio', path: 'ratio', message: formulaErrorMessage, detail: 'Division by zero' },
    ]);
  });
});

describe('clone (spec 5.1)', () => {
  it('copies values except Location, Signature and photos; formulas are recomputed; idempotent', async () => {
    const source = await create({
      title: 'Original',
      count: 4,
      where: { latitude: 1, longitude: 2 },
      sig: { fileId: signatureFile },
      pics: [{ fileId: signatureFile }],
      notes: 'keep me',
    });
    const formId = randomUUID();
    const headers = await w.personas.teamMember.headers();
    const first = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/forms/${source.formId}/clone`,
      headers,
      payload: { formId },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      formId,
      clonedFrom: source.formId,
      values: { title: 'Original', count: 4, double: 8, notes: 'keep me' },
    });
    expect(first.json().values).not.toHaveProperty('where');
    expect(first.json().values).not.toHaveProperty('sig');
    expect(first.json().values).not.toHaveProperty('pics');
    expect(first.json().number).not.toBe(source.number);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/forms/${source.formId}/clone`,
      headers,
      payload: { formId },
    });
    expect(again.statusCode).toBe(200);
    expect(await count('forms', sql`form_id = ${formId}`)).toBe(1);
  });

  it('clones cells past the plan field limit as text', async () => {
    const fields = Array.from({ length: 205 }, (_, i) => ({ id: `f${i}`, type: 'singleLineText' as const }));
    const { templateId: wide } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamIdOf(w),
      definition: { fields },
    });
    // The workspace is premium (500 fields); limit the plan to standard (200) for this clone.
    await ctx.database.db.execute(sql`update accounts set plan_type = 'standard' where account_id = ${w.accountId}`);
    try {
      const source = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
        templateId: wide,
        values: { f0: 'first', f204: 'last' },
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/teams/${teamIdOf(w)}/forms/${source.json().formId}/clone`,
        headers: await w.personas.teamMember.headers(),
        payload: { formId: randomUUID() },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().values).toEqual({ f0: 'first' });
      expect(res.json().textCells).toEqual({ f204: 'last' });
    } finally {
      await ctx.database.db.execute(sql`update accounts set plan_type = 'premium' where account_id = ${w.accountId}`);
    }
  });
});

describe('archive, restore and delete (per item)', () => {
  async function act(action: string, formIds: string[], who = w.personas.teamMember) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/forms/${action}`,
      headers: await who.headers(),
      payload: { formIds },
    });
  }

  it('archives own forms, refuses others, per item, with the spec message', async () => {
    const own = await create({ title: 'mine' });
    const theirs = await create({ title: 'theirs' }, w.personas.teamController);
    const missing = randomUUID();
    const res = await act('archive', [own.formId, theirs.formId, missing]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { formId: own.formId, ok: true, code: null },
        { formId: theirs.formId, ok: false, code: 'forbidden' },
        { formId: missing, ok: false, code: 'formUnavailable' },
      ],
      failureMessage: 'Unable to archive selected form(s).',
    });
    const archived = await save(own.formId, 2, { title: 'edit' });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('formReadOnly');
    const restored = await act('restore', [own.formId, theirs.formId]);
    expect(restored.json()).toEqual({
      results: [
        { formId: own.formId, ok: true, code: null },
        { formId: theirs.formId, ok: false, code: 'invalidState' },
      ],
      failureMessage: 'Unable to restore selected form(s).',
    });
  });

  it('only controllers delete; deleted forms are unavailable', async () => {
    const form = await create({ title: 'to delete' });
    expect((await act('delete', [form.formId])).statusCode).toBe(403);
    const res = await act('delete', [form.formId], w.personas.teamController);
    expect(res.json()).toEqual({ results: [{ formId: form.formId, ok: true, code: null }], failureMessage: null });
    const get = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${form.formId}`,
      headers: await w.personas.teamController.headers(),
    });
    expect(get.statusCode).toBe(404);
  });

  it('visitors and users without a role cannot archive; an empty selection is refused', async () => {
    expect((await act('archive', [randomUUID()], w.personas.visitor)).statusCode).toBe(403);
    const empty = await act('archive', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('emptySelection');
    expect((await act('archive', [randomUUID()], w.personas.outsider)).statusCode).toBe(404);
  });

  it('an archived template takes no new forms; its forms stay listed in the register', async () => {
    const form = await create({ title: 'before archiving' });
    await ctx.database.db.execute(sql`update templates set state = 'archived' where template_id = ${templateId}`);
    try {
      const refused = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
        templateId,
        values: { title: 'after' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('formTemplateUnavailable');
      const register = await ctx.app.inject({
        method: 'GET',
        url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/register?limit=200`,
        headers: await w.personas.teamMember.headers(),
      });
      expect(register.statusCode, register.body).toBe(200);
      expect(register.json().rows.map((r: { formId: string }) => r.formId)).toContain(form.formId);
    } finally {
      await ctx.database.db.execute(sql`update templates set state = 'active' where template_id = ${templateId}`);
    }
  });

  it('a form in an archived folder is read-only and says so', async () => {
    const form = await create({ title: 'in archived team' });
    await ctx.database.db.execute(sql`update folders set state = 'archived' where folder_id = ${teamIdOf(w)}`);
    try {
      const get = await ctx.app.inject({
        method: 'GET',
        url: `/api/teams/${teamIdOf(w)}/forms/${form.formId}`,
        headers: await w.personas.teamMember.headers(),
      });
      expect(get.json().form).toMatchObject({ archivedFolder: true, readOnly: true });
      expect((await save(form.formId, 1, { title: 'no' })).json().code).toBe('formReadOnly');
    } finally {
      await ctx.database.db.execute(sql`update folders set state = 'active' where folder_id = ${teamIdOf(w)}`);
    }
  });
});

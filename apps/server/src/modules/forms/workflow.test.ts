import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { postForm, uploadSignature, workflowDefinition } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;
let signature: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    type: 'workflow',
    definition: workflowDefinition,
  }));
  signature = await uploadSignature(ctx, w, teamIdOf(w));
});
afterAll(() => ctx.close());

async function move(formId: string, baseVersion: number, who = w.personas.teamMember, fileId = signature) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamIdOf(w)}/forms/${formId}/workflow/move`,
    headers: await who.headers(),
    payload: { baseVersion, signature: { fileId, signerName: 'Tom Member' } },
  });
}

async function reset(formId: string, baseVersion: number, column: number, who = w.personas.teamController) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamIdOf(w)}/forms/${formId}/workflow/reset`,
    headers: await who.headers(),
    payload: { baseVersion, column },
  });
}

async function newForm(values: Record<string, unknown> = { title: 'Permit' }) {
  const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('workflow forms', () => {
  it('start in the first column; saving need not be complete until closing', async () => {
    const form = await newForm();
    expect(form.workflow).toEqual({
      column: 0,
      columns: [
        { id: 'open', name: 'Open' },
        { id: 'review', name: 'Review' },
        { id: 'closed', name: 'Closed' },
      ],
      signatures: [],
    });
  });

  it('move across every column with one signature per move (one fewer than columns)', async () => {
    const form = await newForm({ title: 'Permit', closing: 'All done' });
    const first = await move(form.formId, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().workflow.column).toBe(1);
    expect(first.json().values['review-sig']).toMatchObject({ fileId: signature, signerName: 'Tom Member' });
    const second = await move(form.formId, 2);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().workflow.column).toBe(2);
    expect(second.json().workflow.signatures.map((s: { column: number }) => s.column)).toEqual([1, 2]);
    const past = await move(form.formId, 3);
    expect(past.statusCode).toBe(409);
    expect(past.json().code).toBe('workflowNotApplicable');
  });

  it('approval signatures are not saved from the client', async () => {
    const form = await newForm();
    const moved = (await move(form.formId, 1)).json();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamIdOf(w)}/forms/${form.formId}`,
      headers: await w.personas.teamMember.headers(),
      payload: { baseVersion: moved.version, values: { title: 'Edited', 'review-sig': null } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values['review-sig']).toMatchObject({ fileId: signature });
  });

  it('Cannot close completed workflow forms with missing required fields', async () => {
    const form = await newForm();
    await move(form.formId, 1);
    const close = await move(form.formId, 2);
    expect(close.statusCode).toBe(400);
    expect(close.json()).toMatchObject({
      code: 'workflowMissingRequired',
      title: 'Cannot close completed workflow forms with missing required fields',
      errors: [{ path: 'values.closing' }],
    });
  });

  it('a move needs the signature uploaded here and the current version', async () => {
    const form = await newForm();
    expect((await move(form.formId, 1, w.personas.teamMember, crypto.randomUUID())).statusCode).toBe(400);
    expect((await move(form.formId, 7)).statusCode).toBe(409);
  });

  it('reset to a chosen column removes the later signatures; only for those allowed to', async () => {
    const form = await newForm({ title: 'Reset me', closing: 'x' });
    await move(form.formId, 1);
    const closed = (await move(form.formId, 2)).json();
    expect((await reset(form.formId, closed.version, 0, w.personas.teamMember)).statusCode).toBe(403);
    expect((await reset(form.formId, closed.version, 2)).statusCode).toBe(409);
    const res = await reset(form.formId, closed.version, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workflow.column).toBe(1);
    expect(res.json().workflow.signatures.map((s: { column: number }) => s.column)).toEqual([1]);
    expect(res.json().values).not.toHaveProperty('close-sig');
    expect(res.json().values).toHaveProperty('review-sig');
  });

  it('visitors cannot move; other workspaces do not find the form', async () => {
    const form = await newForm();
    expect((await move(form.formId, 1, w.personas.visitor)).statusCode).toBe(403);
    expect((await move(form.formId, 1, w.personas.outsider)).statusCode).toBe(404);
    expect((await reset(form.formId, 1, 0, w.personas.outsider)).statusCode).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFormTemplate,
  createWorkspace,
  type Persona,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { postForm, uploadSignature, workflowDefinition } from '../../../test/form-fixtures.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/**
 * One way of loading a form (its team, its template, the template version it was filled on): the
 * form's page, saving, the workflow, actions raised on it and its PDF find the same form, or none.
 */

let ctx: TestContext;
let w: TestWorkspace;
let signature: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  signature = await uploadSignature(ctx, w, teamIdOf(w));
});
afterAll(() => ctx.close());

async function request(method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, who?: Persona) {
  return ctx.app.inject({
    method,
    url,
    headers: await (who ?? w.personas.teamController).headers(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function workflowForm() {
  const template = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    type: 'workflow',
    definition: workflowDefinition,
    name: 'Permit to work',
    formName: 'Permit',
  });
  const res = await postForm(ctx, w.personas.teamController, teamIdOf(w), {
    templateId: template.templateId,
    values: { title: 'Hot work' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...template, formId: res.json().formId as string };
}

/** Every route that reaches one form, each answering with its status. */
async function everyReach(formId: string) {
  const form = `/api/teams/${teamIdOf(w)}/forms/${formId}`;
  const answers = {
    get: await request('GET', form),
    save: await request('PUT', form, { baseVersion: 1, values: { title: 'Hot work' } }),
    history: await request('GET', `${form}/versions`),
    move: await request('POST', `${form}/workflow/move`, { baseVersion: 1, signature: { fileId: signature } }),
    reset: await request('POST', `${form}/workflow/reset`, { baseVersion: 1, column: 0 }),
    pdf: await request('GET', `${form}/pdf`),
    pdfExport: await request('POST', `/api/teams/${teamIdOf(w)}/forms/pdf-exports`, { formIds: [formId] }),
    action: await request('POST', `/api/teams/${teamIdOf(w)}/actions`, {
      actionId: randomUUID(),
      title: 'Fix',
      formId,
    }),
  };
  return Object.fromEntries(
    Object.entries(answers).map(([name, res]) => [
      name,
      `${res.statusCode} ${res.statusCode < 400 ? '' : res.json().code}`,
    ]),
  );
}

describe('loading a form', () => {
  it('a form of a deleted template is gone everywhere (spec: deleting a template removes its forms)', async () => {
    const { templateId, formId } = await workflowForm();
    await ctx.database.db.execute(
      sql`update templates set state = 'deleted' where workspace_id = ${w.workspaceId} and template_id = ${templateId}`,
    );
    const gone = '404 formUnavailable';
    expect(await everyReach(formId)).toEqual({
      get: gone,
      save: gone,
      history: gone,
      move: gone,
      reset: gone,
      pdf: gone,
      pdfExport: gone,
      action: gone,
    });
  });

  it('a form shows the names of the template version it was filled on, on screen and in its PDF', async () => {
    const { templateId, formId, definition } = await workflowForm();
    const before = (await request('GET', `/api/teams/${teamIdOf(w)}/forms/${formId}`)).json().template;
    const renamed = await request('PUT', `/api/templates/${templateId}`, {
      expectedVersion: 1,
      name: 'Hot work permit',
      templateCode: `HW-${templateId.slice(0, 6)}`,
      formName: 'Hot work',
      definition,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const after = (await request('GET', `/api/teams/${teamIdOf(w)}/forms/${formId}`)).json().template;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ name: 'Permit to work', formName: 'Permit', version: 1 });
    const pdf = await readPdf((await request('GET', `/api/teams/${teamIdOf(w)}/forms/${formId}/pdf`)).rawPayload);
    expect(pdf.text).toContain('Permit to work');
    expect(pdf.text).not.toContain('Hot work permit');
  });
});

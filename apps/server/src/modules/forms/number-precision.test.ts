import type { Field } from '@formwork/shared/fields/field';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  type Persona,
  personaFor,
  type TestWorkspace,
  teamIdOf,
  templateBody,
} from '../../../test/factories.ts';
import { postForm, uploadSignature } from '../../../test/form-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo.ts';

/**
 * Issue 14.2: numbers keep what was typed unless the template sets a precision; more decimals than
 * the precision allows are refused (400 with a field error), never rounded.
 */
let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  // Made through the templates API, as the editor does: a field without decimals stores none.
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamIdOf(w)}/templates`,
    headers: await w.personas.teamController.headers(),
    payload: templateBody({
      definition: {
        fields: [
          { id: 'temperature', type: 'number', label: 'Temperature', unit: '°C' },
          { id: 'hours', type: 'number', label: 'Hours lost', decimals: 1 },
          { id: 'workers', type: 'number', label: 'Workers', decimals: 0 },
        ],
      },
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  templateId = res.json().templateId;
  expect(res.json().definition.fields[0]).not.toHaveProperty('decimals');
});
afterAll(() => ctx.close());

/** A form and its template version, as the form page reads them. */
const detail = async (teamId: string, formId: string, who: Persona, app = ctx) => {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/teams/${teamId}/forms/${formId}`,
    headers: await who.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    form: { version: number; values: Record<string, unknown> };
    template: { definition: { fields: Field[] } };
  };
};
const read = async (teamId: string, formId: string, who: Persona, app = ctx) =>
  (await detail(teamId, formId, who, app)).form;

describe('number fields keep their decimals', () => {
  it('9.2 and 21.5 survive a save and a read; a later save keeps them too', async () => {
    const created = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { temperature: 21.5, hours: 9.2, workers: 12 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const formId = created.json().formId;
    expect((await read(teamIdOf(w), formId, w.personas.teamMember)).values).toEqual({
      temperature: 21.5,
      hours: 9.2,
      workers: 12,
    });

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamIdOf(w)}/forms/${formId}`,
      headers: await w.personas.teamMember.headers(),
      payload: { baseVersion: 1, values: { temperature: 12.345, hours: 0.5, workers: 3 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read(teamIdOf(w), formId, w.personas.teamMember)).values).toEqual({
      temperature: 12.345,
      hours: 0.5,
      workers: 3,
    });
  });

  it('refuses 9.25 on a 1-decimal field (and 21.5 on a whole-number one) with field errors', async () => {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { temperature: 21.5, hours: 9.25, workers: 21.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('formInvalid');
    expect(body.errors).toEqual([
      expect.objectContaining({ path: 'values.hours', message: 'Enter a number with at most 1 decimal place' }),
      expect.objectContaining({ path: 'values.workers', message: 'Enter a whole number' }),
    ]);
  });

  it('another team is forbidden and another workspace does not find the team', async () => {
    const sibling = await postForm(ctx, w.personas.teamMember, w.projects[0]?.teams[1]?.teamId as string, {
      templateId,
      values: { hours: 9.2 },
    });
    expect(sibling.statusCode).toBe(403);
    const outsider = await postForm(ctx, w.personas.outsider, teamIdOf(w), { templateId, values: { hours: 9.2 } });
    expect(outsider.statusCode).toBe(404);
  });
});

describe('demo templates', () => {
  // The demo seeds an empty database: its own app.
  let demo: TestContext;
  beforeAll(async () => {
    demo = await createTestApp();
    await seedDemo(demo.database, demo.config);
  });
  afterAll(() => demo.close());

  it("every demo form's values survive a save; the diary's temperature keeps 21.5", async () => {
    const ctx = demo;
    const acme = await ctx.database.db.execute<{ workspace_id: string }>(
      sql`select workspace_id from workspaces where name = 'Acme Construction'`,
    );
    const companyId = acme.rows[0]?.workspace_id as string;
    const controller = await ctx.database.db.execute<{ user_id: string }>(
      sql`select user_id from users where email = 'org.controller@acme.example'`,
    );
    const who = personaFor(ctx, {
      userId: controller.rows[0]?.user_id as string,
      email: 'org.controller@acme.example',
    });
    const forms = await ctx.database.db.execute<{ form_id: string; folder_id: string; name: string }>(sql`
      select f.form_id, f.folder_id, t.name from forms f join templates t using (workspace_id, template_id)
       where f.workspace_id = ${companyId}
       order by t.name, f.form_id`);
    expect(forms.rows.length).toBeGreaterThan(0);
    const signatures = new Map<string, string>();
    let diaries = 0;
    for (const row of forms.rows) {
      const { form, template } = await detail(row.folder_id, row.form_id, who, demo);
      const fields = template.definition.fields;
      const values: Record<string, unknown> = { ...form.values };
      // What a person would type in the diary: a temperature with a decimal, delays with hours.
      if (row.name === 'Daily Site Diary') {
        diaries++;
        Object.assign(values, { temperature: 21.5, delays: { answer: 'yes' }, 'delay-hours': 2.5 });
      }
      // The demo leaves required signatures unsigned: sign them as a person would before saving.
      for (const field of fields) {
        if (field.type === 'signature' && field.required && !values[field.id]) {
          if (!signatures.has(row.folder_id)) {
            signatures.set(
              row.folder_id,
              await uploadSignature(
                ctx,
                { companyId, personas: { orgController: who } } as unknown as TestWorkspace,
                row.folder_id,
                who,
              ),
            );
          }
          values[field.id] = { fileId: signatures.get(row.folder_id) };
        }
      }
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/teams/${row.folder_id}/forms/${row.form_id}`,
        headers: await who.headers(),
        payload: { baseVersion: form.version, values },
      });
      expect(saved.statusCode, `${row.name}: ${saved.body}`).toBe(200);
      const after = (await read(row.folder_id, row.form_id, who, demo)).values as Record<string, unknown>;
      for (const [id, value] of Object.entries(values)) {
        if (typeof value === 'number') expect(after[id], `${row.name} ${id}`).toBe(value);
      }
      if (row.name === 'Daily Site Diary') expect(after).toMatchObject({ temperature: 21.5, 'delay-hours': 2.5 });
    }
    expect(diaries).toBeGreaterThan(0);
  });
});

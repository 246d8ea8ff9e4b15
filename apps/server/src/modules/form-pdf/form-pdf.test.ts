import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
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
import { pdfDefinition, pdfValues, uploadImage } from '../../../test/pdf-fixtures.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
let templateCode: string;
let templateId: string;
let formId: string;
let roleless: Persona;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  const template = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: pdfDefinition,
    name: 'Site Inspection',
  });
  templateId = template.templateId;
  templateCode = `T-${templateId.slice(0, 8)}`;
  const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
    templateId,
    values: await pdfValues(ctx, w, teamIdOf(w)),
  });
  expect(res.statusCode, res.body).toBe(201);
  formId = res.json().formId;
  const action = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamIdOf(w)}/actions`,
    headers: await w.personas.teamMember.headers(),
    payload: { actionId: randomUUID(), title: 'Fix the handrail', formId, fieldId: 'acts' },
  });
  expect(action.statusCode, action.body).toBe(201);
  const user = await createUser(ctx.database.db);
  await addMember(ctx.database.db, w.workspaceId, user.userId);
  roleless = personaFor(ctx, user);
});
afterAll(() => ctx.close());

async function pdf(who: Persona = w.personas.teamMember, query = '?timeZone=Australia/Sydney', id = formId) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/teams/${teamIdOf(w)}/forms/${id}/pdf${query}`,
    headers: await who.headers(),
  });
}

describe('GET /api/teams/:teamId/forms/:formId/pdf', () => {
  let content: Awaited<ReturnType<typeof readPdf>>;
  let fileName: string;

  beforeAll(async () => {
    const res = await pdf();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    if (process.env.PDF_SAMPLE_OUT) writeFileSync(process.env.PDF_SAMPLE_OUT, res.rawPayload);
    fileName = decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="/);
    content = await readPdf(res.rawPayload);
  });

  it("names the file by the template's PDF filename settings", () => {
    expect(fileName).toBe(`SITE_${templateCode.toUpperCase()}_LEVEL_3_SLAB_–_ÜBERPRÜFUNG_1.pdf`);
  });

  it('prints every shown field with its label and answer, formulas computed', () => {
    const { text } = content;
    for (const expected of [
      'Site Inspection',
      'Inspection title',
      'Level 3 slab – Überprüfung',
      'Mar 14, 2025',
      'No - Loose handrail',
      'Привет, Ωmega',
      'Rain',
      '6 people',
      'Total hours',
      '45.0',
      'teamMember Persona',
      'George St, Sydney',
      'Walk the site and record every hazard.',
      'Tara Inspector',
      'Fix the handrail',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('prints date-times local to the exporter when the template says so', () => {
    // 07:45 at +10:00 is 08:45 in Sydney daylight time (AEDT, +11:00) on 14 March 2025.
    expect(content.text).toMatch(/Mar 14, 2025, 8:45\s?AM GMT\+11/);
  });

  it('puts the header and footer items on every page, with page numbers', () => {
    const pages = content.pages;
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      const text = page.text.replace(/\s+/g, ' ');
      expect(text).toContain(`${w.name} - Project 1 - Team 1.1`);
      expect(text).toContain(`Template ID: ${templateCode}`);
      expect(text).toContain('Template Version: 1');
      expect(text).toContain('Form Version: 1');
      expect(text).toContain('PDF created');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('Uncontrolled when printed');
      expect(text).toContain('the form may have changed since');
      expect(text).toContain(`${w.name} / Project 1 / Team 1.1 / Site Inspection`);
    });
  });

  it('splits a table of 120 rows across pages, repeating its header row', () => {
    const withRows = content.pages.filter((p) => p.text.includes('Check item'));
    expect(withRows.length).toBeGreaterThan(1);
    for (const page of withRows) expect(page.text).toMatch(/Item\s*Qty\s*Rate\s*Cost\s*OK/);
    for (let i = 1; i <= 120; i++) expect(content.text).toContain(`Check item ${i}`);
    expect(content.text).toMatch(/Check item 120\s*120\s*2\s*240/);
  });

  it('embeds the photos and the signature', () => {
    const images = content.pages.reduce((n, p) => n + p.images, 0);
    expect(images).toBe(5);
    expect(content.text).toContain('Photo 4');
  });

  it('omits fields hidden by logic', async () => {
    const values = await pdfValues(ctx, w, teamIdOf(w), { rows: 2, safe: 'yes', photos: 0 });
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { ...values, issue: undefined, pics: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const out = await readPdf((await pdf(w.personas.teamMember, '', res.json().formId)).rawPayload);
    expect(out.text).not.toContain('Issue found');
    expect(out.text).toContain('Site safe?');
  });
});

describe("the PDF in the exporter's locale (issue 26)", () => {
  async function setLocale(userId: string, locale: string | null) {
    await ctx.database.db.execute(sql`update users set locale = ${locale} where user_id = ${userId}`);
  }

  it('writes its own words and dates in Spanish for a Spanish exporter, what people typed as typed', async () => {
    const exporter = w.personas.teamMember;
    await setLocale(exporter.userId, 'es');
    try {
      const res = await pdf(exporter);
      expect(res.statusCode).toBe(200);
      const { text, pages } = await readPdf(res.rawPayload);
      const first = (pages[0]?.text ?? '').replace(/\s+/g, ' ');
      expect(first).toContain(`ID de plantilla: ${templateCode}`);
      expect(first).toContain(`Página 1 de ${pages.length}`);
      expect(first).toContain('Versión del formulario: 1');
      expect(text).toContain('14 mar 2025');
      expect(text).toContain('Creado el');
      for (const typed of ['Level 3 slab – Überprüfung', 'Fix the handrail', 'Walk the site and record every hazard.'])
        expect(text, typed).toContain(typed);
      expect(text).not.toContain('Template ID:');
    } finally {
      await setLocale(exporter.userId, null);
    }
  });

  it('writes day-first dates for an en-GB exporter, and the workspace default for someone who has not chosen', async () => {
    await setLocale(w.personas.teamMember.userId, 'en-GB');
    try {
      expect((await readPdf((await pdf()).rawPayload)).text).toContain('14 Mar 2025');
    } finally {
      await setLocale(w.personas.teamMember.userId, null);
    }
    expect((await readPdf((await pdf()).rawPayload)).text).toContain('Mar 14, 2025');
  });
});

describe('PDF export: access and bad input', () => {
  it('403 without a role, 404 for another workspace or a missing form', async () => {
    expect((await pdf(roleless)).statusCode).toBe(403);
    expect((await pdf(w.personas.outsider)).statusCode).toBe(404);
    const missing = await pdf(w.personas.teamMember, '', randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('formUnavailable');
  });

  it('400 for a bad time zone or a malformed id', async () => {
    expect((await pdf(w.personas.teamMember, '?timeZone=Mars/Olympus')).statusCode).toBe(400);
    expect((await pdf(w.personas.teamMember, '?timeZone=%3Cscript%3E')).statusCode).toBe(400);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/nope/pdf`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a form of a sibling team is not found through this team', async () => {
    const sibling = w.projects[0]?.teams[1]?.teamId as string;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${sibling}/forms/${formId}/pdf`,
      headers: await w.personas.orgController.headers(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("another team's files (same workspace)", () => {
  it('a form refuses a file of another team, with a field error; files of its own team pass', async () => {
    const foreign = await uploadImage(ctx, w, teamIdOf(w, 0, 1), 'photo');
    const values = await pdfValues(ctx, w, teamIdOf(w), { rows: 1, photos: 1 });
    const refused = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId,
      values: { ...values, pics: [...values.pics, { fileId: foreign, caption: 'Not ours' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: expect.stringContaining('pics'), message: 'This file was not uploaded here' }),
    ]);
    const allowed = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it("the PDF leaves out another team's file that a form names (saved before the check)", async () => {
    const values = await pdfValues(ctx, w, teamIdOf(w), { rows: 1, photos: 1 });
    const saved = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().formId as string;
    const before = await readPdf((await pdf(w.personas.teamMember, '', id)).rawPayload);
    const imagesBefore = before.pages.reduce((n, p) => n + p.images, 0);
    expect(imagesBefore).toBe(2);

    const foreign = await uploadImage(ctx, w, teamIdOf(w, 0, 1), 'photo');
    const pics = JSON.stringify([...values.pics, { fileId: foreign, caption: 'Not ours' }]);
    await ctx.database.db.execute(
      sql`update forms set field_values = jsonb_set(field_values, '{pics}', ${pics}::jsonb) where form_id = ${id}`,
    );
    const after = await readPdf((await pdf(w.personas.teamMember, '', id)).rawPayload);
    expect(after.text).toContain('Not ours');
    expect(after.pages.reduce((n, p) => n + p.images, 0)).toBe(imagesBefore);
  });
});

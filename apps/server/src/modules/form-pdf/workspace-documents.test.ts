import type { TemplateDefinitionInput } from '@formwork/shared/templates/template-definition';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { postForm } from '../../../test/form-fixtures.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/** Issue 23.1: the workspace's Documents & Formatting and its logo take effect in its PDFs. */
let ctx: TestContext;
let w: TestWorkspace;
const forms: Record<'follows' | 'own', string> = { follows: '', own: '' };

const fields: TemplateDefinitionInput['fields'] = [
  { id: 'title', type: 'singleLineText', label: 'Title' },
  { id: 'started', type: 'dateTime', label: 'Started at' },
];
const footer: TemplateDefinitionInput['footer'] = {
  items: [{ id: 'f1', type: 'exportDisclaimer', position: 'centre' }],
};

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  const base = { folderId: teamIdOf(w), formName: 'Daily Log' } as const;
  const follows = await createFormTemplate(ctx.database.db, w.workspaceId, {
    ...base,
    name: 'Site Diary',
    definition: {
      fields,
      footer,
      pdfFilename: {
        parts: [{ kind: 'metadata', key: 'formName' }],
        separator: 'hyphens',
        letterCase: 'lowercase',
        dateDisplay: 'localToEntry',
        useWorkspaceSettings: true,
      },
    },
  });
  const own = await createFormTemplate(ctx.database.db, w.workspaceId, {
    ...base,
    name: 'Own Names',
    definition: {
      fields,
      footer,
      pdfFilename: { parts: [{ kind: 'static', text: 'mine' }], separator: 'hyphens', letterCase: 'lowercase' },
    },
  });
  for (const [key, template] of [
    ['follows', follows],
    ['own', own],
  ] as const) {
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
      templateId: template.templateId,
      values: { title: 'Level 3', started: '2025-03-14T07:45:00+10:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    forms[key] = res.json().formId;
  }
});
afterAll(() => ctx.close());

async function pdfOf(formId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/teams/${teamIdOf(w)}/forms/${formId}/pdf?timeZone=Australia/Sydney`,
    headers: await w.personas.teamMember.headers(),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const fileName = decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '');
  const content = await readPdf(res.rawPayload);
  return {
    fileName,
    text: content.text.replace(/\s+/g, ' '),
    images: content.pages.reduce((n, p) => n + p.images, 0),
    strokeColours: content.pages.flatMap((p) => p.strokeColours),
  };
}

async function settle(payload: object) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/workspaces/${w.workspaceId}`,
    headers: await w.personas.orgController.headers(),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a workspace's Documents & Formatting and logo in its PDFs", () => {
  it('before any change: the default file name, dates local to data entry, the default disclaimer, no logo', async () => {
    const pdf = await pdfOf(forms.follows);
    expect(pdf.strokeColours).toContain('#0b5cad'); // the rule under the title: the house accent
    expect(pdf.fileName).toBe('daily-log-1.pdf');
    expect(pdf.text).toMatch(/Mar 14, 2025, 7:45\s?AM UTC\+10:00/);
    expect(pdf.text).toContain('the form may have changed since');
    expect(pdf.images).toBe(0);
  });

  it('after an org controller changes them, a template that follows the workspace exports with them', async () => {
    const png = await sharp({ create: { width: 96, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${w.companyId}/files?purpose=logo`,
      headers: { ...(await w.personas.orgController.headers()), 'content-type': 'image/png' },
      payload: png,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await settle({
      logoFileId: upload.json().fileId,
      brandColour: '#c0392b',
      documentSettings: {
        pdfFilename: {
          parts: [
            { kind: 'metadata', key: 'templateName' },
            { kind: 'metadata', key: 'formNumber' },
          ],
          separator: 'underscores',
          letterCase: 'uppercase',
          dateDisplay: 'localToExporter',
        },
        exportDisclaimer: 'Printed copies are uncontrolled.',
      },
    });
    const pdf = await pdfOf(forms.follows);
    expect(pdf.fileName).toBe('SITE_DIARY_1.pdf');
    // 07:45 at +10:00 is 08:45 in Sydney daylight time (+11:00): local to the exporter.
    expect(pdf.text).toMatch(/Mar 14, 2025, 8:45\s?AM GMT\+11/);
    expect(pdf.text).toContain('Printed copies are uncontrolled.');
    // The default header's logo item, without an image of its own, shows the workspace's logo.
    expect(pdf.images).toBe(1);
    // The rule under the title takes the brand colour (Branding).
    expect(pdf.strokeColours).toContain('#c0392b');
    expect(pdf.strokeColours).not.toContain('#0b5cad');
  });

  it('a template with its own file name settings keeps them (the logo and disclaimer are the workspace’s)', async () => {
    const pdf = await pdfOf(forms.own);
    expect(pdf.fileName).toBe('mine.pdf');
    expect(pdf.text).toMatch(/Mar 14, 2025, 7:45\s?AM UTC\+10:00/);
    expect(pdf.text).toContain('Printed copies are uncontrolled.');
    expect(pdf.images).toBe(1);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type Persona, type TestWorkspace } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
});
afterAll(() => ctx.close());

async function patch(persona: Persona, payload: object, workspaceId = w.workspaceId) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/workspaces/${workspaceId}`,
    headers: await persona.headers(),
    payload,
  });
}

/** Uploads a small PNG for the Home Folder with the given purpose; returns its file id. */
async function upload(purpose: 'logo' | 'photo', width = 96, height = 32) {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${w.companyId}/files?purpose=${purpose}`,
    headers: { ...(await w.personas.orgController.headers()), 'content-type': 'image/png' },
    payload: purpose === 'photo' ? await sharp(png).jpeg().toBuffer() : png,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().fileId as string;
}

async function events() {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/companies/${w.companyId}/activity`,
    headers: await w.personas.orgController.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().events ?? res.json().items) as { action: string; details: Record<string, unknown> }[];
}

describe('PATCH /api/workspaces/:workspaceId (General, Branding, Documents & Formatting)', () => {
  it('an org controller changes the name, locale, brand colour and document settings: saved, audited once', async () => {
    const documentSettings = {
      pdfFilename: {
        parts: [
          { kind: 'metadata', key: 'templateName' },
          { kind: 'static', text: 'Copy' },
        ],
        separator: 'underscores',
        letterCase: 'uppercase',
        dateDisplay: 'localToExporter',
      },
      exportDisclaimer: 'Printed copies are not controlled.',
    };
    const res = await patch(w.personas.orgController, {
      name: '  Harbour Works  ',
      locale: 'en-AU',
      brandColour: '#1A6BD8',
      documentSettings,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Harbour Works',
      locale: 'en-AU',
      brandColour: '#1a6bd8',
      documentSettings,
    });
    // One name: the Home Folder is renamed with the workspace.
    const folder = await ctx.app.inject({
      method: 'GET',
      url: `/api/folders/${w.companyId}/settings`,
      headers: await w.personas.orgMember.headers(),
    });
    expect(folder.json()).toMatchObject({ name: 'Harbour Works' });
    const updates = (await events()).filter((e) => e.action === 'workspace.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.details).toMatchObject({
      name: 'Harbour Works',
      previousName: w.name,
      changed: ['name', 'locale', 'brandColour', 'documentSettings'],
    });
  });

  it('sending what is already set changes nothing and records nothing', async () => {
    const before = (await events()).length;
    const res = await patch(w.personas.orgController, { locale: 'en-AU' });
    expect(res.statusCode).toBe(200);
    expect((await events()).length).toBe(before);
  });

  it('a logo uploaded to the workspace becomes its logo; every member may fetch it, another workspace may not', async () => {
    const logo = await upload('logo');
    const pdfLogo = await upload('logo', 200, 60);
    const res = await patch(w.personas.orgController, { logoFileId: logo, pdfLogoFileId: pdfLogo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      logoFileId: logo,
      logoUrl: `/api/workspaces/${w.workspaceId}/logo?v=${logo}`,
      pdfLogoFileId: pdfLogo,
      pdfLogoUrl: `/api/workspaces/${w.workspaceId}/pdf-logo?v=${pdfLogo}`,
    });
    for (const persona of [w.personas.teamMember, w.personas.visitor]) {
      const image = await ctx.app.inject({
        method: 'GET',
        url: `/api/workspaces/${w.workspaceId}/logo`,
        headers: await persona.headers(),
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    const outsider = await ctx.app.inject({
      method: 'GET',
      url: `/api/workspaces/${w.workspaceId}/logo`,
      headers: await w.personas.outsider.headers(),
    });
    expect(outsider.statusCode).toBe(404);
    // Removing it: null.
    const removed = await patch(w.personas.orgController, { logoFileId: null });
    expect(removed.json()).toMatchObject({ logoFileId: null, logoUrl: null });
    const none = await ctx.app.inject({
      method: 'GET',
      url: `/api/workspaces/${w.workspaceId}/logo`,
      headers: await w.personas.orgController.headers(),
    });
    expect(none.statusCode).toBe(404);
  });

  it('a file that is not a logo of this workspace is refused with the field message', async () => {
    const photo = await upload('photo');
    for (const id of [photo, crypto.randomUUID()]) {
      const res = await patch(w.personas.orgController, { logoFileId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validationFailed',
        errors: [{ path: 'body.logoFileId', message: 'Upload the logo to this workspace first.' }],
      });
    }
  });

  it('bad input answers 400 with the field and its message', async () => {
    const cases: [object, string, string][] = [
      [{ brandColour: 'blue' }, 'brandColour', 'Use a colour in the form #1a6bd8.'],
      [{ locale: 'fr-FR' }, 'locale', 'Choose one of the offered languages'],
      [{ name: '   ' }, 'name', 'Required'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Use an IANA time zone name, e.g. Australia/Sydney'],
      [
        {
          documentSettings: {
            pdfFilename: {
              parts: [{ kind: 'field', fieldId: 'title' }],
              separator: 'hyphens',
              letterCase: 'lowercase',
              dateDisplay: 'localToEntry',
            },
            exportDisclaimer: '',
          },
        },
        'documentSettings',
        'The workspace file name can use form details and text, not form fields.',
      ],
      [
        {
          documentSettings: {
            pdfFilename: { parts: [], separator: 'hyphens', letterCase: 'lowercase', dateDisplay: 'localToEntry' },
            exportDisclaimer: 'x'.repeat(301),
          },
        },
        'documentSettings',
        'The disclaimer must be 300 characters or fewer.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(w.personas.orgController, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const errors = res.json().errors as { path: string; message: string }[];
      expect(
        errors.some((e) => e.path.includes(field) && e.message === message),
        JSON.stringify(errors),
      ).toBe(true);
    }
    const empty = await patch(w.personas.orgController, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().errors)).toContain('Change at least one setting.');
  });

  it('Feature Access: an org controller stops visitors being added, and invitations of visitors are then refused', async () => {
    const invite = async () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/folders/${w.projects[0]?.teams[0]?.teamId}/invitations`,
        headers: await w.personas.orgController.headers(),
        payload: { email: `guest.${Date.now()}@subcontractor.example`, role: 'member', userType: 'visitor' },
      });
    const off = await patch(w.personas.orgController, { visitorsAllowed: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ visitorsAllowed: false });
    const refused = await invite();
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('This workspace does not allow visitors to be added.');
    const updates = (await events()).filter((e) => e.action === 'workspace.updated');
    expect(updates[0]?.details).toMatchObject({ changed: ['visitorsAllowed'] });
    expect((await patch(w.personas.orgController, { visitorsAllowed: true })).json()).toMatchObject({
      visitorsAllowed: true,
    });
    expect((await invite()).statusCode).toBe(201);
  });

  it('a joint venture (spec 5.4): its domain and at least two parent domains, saved lower-cased; null ends it', async () => {
    const jv = { domain: 'Harbour-JV.com', parentDomains: ['acme-builders.com', 'northwind-civil.com'] };
    const res = await patch(w.personas.orgController, { jointVenture: jv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().jointVenture).toEqual({ ...jv, domain: 'harbour-jv.com' });
    const updates = (await events()).filter((e) => e.action === 'workspace.updated');
    expect(updates[0]?.details).toMatchObject({ changed: ['jointVenture'] });
    const ended = await patch(w.personas.orgController, { jointVenture: null });
    expect(ended.json().jointVenture).toBeNull();
  });

  it('a joint venture is refused with the field and its message: one parent, a parent domain as its own, free e-mail', async () => {
    const cases: [object, string, string][] = [
      [
        { domain: 'harbour-jv.com', parentDomains: ['acme-builders.com'] },
        'parentDomains',
        'A joint venture needs at least two parent domains.',
      ],
      [
        { domain: 'acme-builders.com', parentDomains: ['acme-builders.com', 'northwind-civil.com'] },
        'domain',
        'The joint venture domain must differ from its parent domains.',
      ],
      [
        { domain: 'gmail.com', parentDomains: ['acme-builders.com', 'northwind-civil.com'] },
        'domain',
        'Use a business e-mail domain: free e-mail providers cannot be joint venture or parent domains.',
      ],
      [
        { domain: 'harbour-jv.com', parentDomains: ['acme-builders.com', 'hotmail.com'] },
        'parentDomains',
        'Use a business e-mail domain: free e-mail providers cannot be joint venture or parent domains.',
      ],
      [
        { domain: 'not a domain', parentDomains: ['acme-builders.com', 'northwind-civil.com'] },
        'domain',
        'Enter a domain name such as example.com.',
      ],
    ];
    for (const [jointVenture, field, message] of cases) {
      const res = await patch(w.personas.orgController, { jointVenture });
      expect(res.statusCode, JSON.stringify(jointVenture)).toBe(400);
      const errors = res.json().errors as { path: string; message: string }[];
      expect(
        errors.some((e) => e.path.includes(`jointVenture.${field}`) && e.message === message),
        JSON.stringify(errors),
      ).toBe(true);
    }
  });

  it('members without the right are refused (403); another workspace answers 404', async () => {
    for (const persona of [w.personas.orgMember, w.personas.projectController, w.personas.teamController]) {
      expect((await patch(persona, { brandColour: '#000000' })).statusCode).toBe(403);
    }
    expect((await patch(w.personas.outsider, { brandColour: '#000000' })).statusCode).toBe(404);
    expect((await patch(w.personas.orgController, { brandColour: '#000000' }, w.other.workspaceId)).statusCode).toBe(
      404,
    );
  });
});

import { randomUUID } from 'node:crypto';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(w: TestWorkspace, who: PersonaName, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: await w.personas[who].headers(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const nonUuid = 'not-a-uuid';
const missing = '00000000-0000-4000-8000-000000000000';

async function libraryTemplate(w: TestWorkspace, overrides: Record<string, unknown> = {}) {
  const res = await call(
    w,
    'orgController',
    'POST',
    `/api/companies/${w.companyId}/templates`,
    templateBody(overrides),
  );
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function teamTemplate(w: TestWorkspace, teamId: string, overrides: Record<string, unknown> = {}) {
  const res = await call(w, 'orgController', 'POST', `/api/teams/${teamId}/templates`, templateBody(overrides));
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function activity(w: TestWorkspace, path: string) {
  const res = await call(w, 'orgController', 'GET', `${path}/activity`);
  return res.json().events as { action: string; subjectId: string; subjectName: string; folderPath: string[] }[];
}

describe('POST /api/companies/:companyId/templates (Template Library)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });
  const url = () => `/api/companies/${w.companyId}/templates`;

  it('an org controller creates version 1 in the library, with an audit event', async () => {
    const body = templateBody({ name: 'Daily Site Diary' });
    const res = await call(w, 'orgController', 'POST', url(), body);
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      folderId: w.companyId,
      isCompany: true,
      path: [w.companyId],
      name: 'Daily Site Diary',
      templateCode: body.templateCode,
      type: 'timeline',
      state: 'active',
      currentVersion: 1,
      tabIds: [],
      isDeployed: false,
      deployedTeamIds: [],
    });
    expect(t.definition.fields.map((f: { id: string }) => f.id)).toEqual(['date', 'ok', 'notes']);
    // Defaults are filled in: header, footer, logic, the PDF filename settings.
    expect(t.definition.pdfFilename).toMatchObject({ separator: 'hyphens', letterCase: 'lowercase' });
    const events = await activity(w, `/api/companies/${w.companyId}`);
    expect(events[0]).toMatchObject({
      action: 'template.created',
      subjectId: t.templateId,
      subjectName: 'Daily Site Diary',
      folderPath: [w.companyId],
    });
  });

  it('an admin may create', async () => {
    expect((await call(w, 'admin', 'POST', url(), templateBody())).statusCode).toBe(201);
  });

  it.each<PersonaName>(['orgMember', 'projectController', 'teamController', 'teamMember', 'visitor'])(
    '%s is refused with 403',
    async (who) => {
      const res = await call(w, who, 'POST', url(), templateBody());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    },
  );

  it("another workspace's company answers 404", async () => {
    const res = await call(w, 'outsider', 'POST', url(), templateBody());
    expect(res.statusCode).toBe(404);
  });

  it('Template ID must be unique in the workspace (case-insensitive): 409', async () => {
    await call(w, 'orgController', 'POST', url(), templateBody({ templateCode: 'SI-001' }));
    const res = await call(
      w,
      'orgController',
      'POST',
      `/api/teams/${teamIdOf(w)}/templates`,
      templateBody({ templateCode: 'si-001' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'templateCodeUsed',
      title: 'Template ID has been used',
      errors: [{ path: 'body.templateCode', message: 'Template ID has been used' }],
    });
    // Another workspace may use the same Template ID.
    const other = await call(
      w,
      'outsider',
      'POST',
      `/api/companies/${w.other.workspaceId}/templates`,
      templateBody({ templateCode: 'SI-001' }),
    );
    expect(other.statusCode).toBe(201);
  });

  it.each<[string, (b: ReturnType<typeof templateBody>) => unknown]>([
    ['a missing name', ({ name: _n, ...b }) => b],
    ['a definition that is not an object', (b) => ({ ...b, definition: 'fields' })],
    ['fields of the wrong type', (b) => ({ ...b, definition: { fields: {} } })],
    ['an unknown field type', (b) => ({ ...b, definition: { fields: [{ id: 'x', type: 'hologram' }] } })],
    [
      'a legacy column width',
      (b) => ({
        ...b,
        definition: {
          fields: [{ id: 't', type: 'defaultTable', columns: [{ id: 'c', width: 120, cellType: 'text' }] }],
        },
      }),
    ],
    ['an unknown property', (b) => ({ ...b, colour: 'red' })],
    ['a non-uuid tab id', (b) => ({ ...b, tabIds: [nonUuid] })],
  ])('refuses %s with 400', async (_case, make) => {
    const res = await call(w, 'orgController', 'POST', url(), make(templateBody()));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validationFailed');
  });

  it('refuses a header image at an outside address (400 on its url): template images are uploaded files', async () => {
    const image = { fileName: 'logo.png', contentType: 'image/png', sizeBytes: 1200 };
    const fileId = '6a1f1e8e-2f4b-4a51-8d3a-9c0e5b7d2c11';
    const withHeaderImage = (extra: Record<string, unknown>) => {
      const body = templateBody();
      return {
        ...body,
        definition: {
          ...body.definition,
          header: { items: [{ id: 'h1', type: 'image', position: 'left', image: { ...image, ...extra } }] },
        },
      };
    };
    const res = await call(
      w,
      'orgController',
      'POST',
      url(),
      withHeaderImage({ url: 'https://evil.example/logo.png' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({
        path: 'body.definition.header.items.0.image.url',
        message: 'Template images must be files uploaded to this workspace, not outside addresses',
      }),
    );
    const own = withHeaderImage({ fileId, url: `/api/companies/${w.companyId}/files/${fileId}` });
    expect((await call(w, 'orgController', 'POST', url(), own)).statusCode).toBe(201);
  });

  it('a missing type answers 400 with the spec rule', async () => {
    const { type: _t, ...body } = templateBody();
    const res = await call(w, 'orgController', 'POST', url(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ path: 'body.type', message: 'Template type is required' }),
    );
  });

  it('refuses a non-uuid company id with 400', async () => {
    expect(
      (await call(w, 'orgController', 'POST', `/api/companies/${nonUuid}/templates`, templateBody())).statusCode,
    ).toBe(400);
  });

  it.each<[string, Record<string, unknown>, { path: string; code: string; message: string }]>([
    ['blank name', { name: '  ' }, { path: 'body.name', code: 'nameRequired', message: 'Template name is required' }],
    [
      'a 300-character name (refused with the limit, never cut)',
      { name: 'N'.repeat(300) },
      { path: 'body.name', code: 'nameTooLong', message: 'Template name must be 200 characters or fewer' },
    ],
    [
      'slash in the Template ID',
      { templateCode: 'A/B' },
      { path: 'body.templateCode', code: 'templateCodeSlash', message: 'Template ID cannot contain slashes' },
    ],
    [
      'no fields',
      { definition: { fields: [] } },
      { path: 'body.definition.fields', code: 'noFields', message: 'A template needs at least one field' },
    ],
    [
      'a page break first',
      {
        definition: {
          fields: [
            { id: 'pb', type: 'pageBreak' },
            { id: 'a', type: 'singleLineText' },
          ],
        },
      },
      { path: 'body.definition.fields.0', code: 'pageBreakFirst', message: 'A page break cannot be the first field' },
    ],
    [
      'duplicate person names',
      {
        definition: {
          fields: [
            { id: 'p1', type: 'person', label: 'Supervisor' },
            { id: 'p2', type: 'singlePerson', label: 'Supervisor' },
          ],
        },
      },
      {
        path: 'body.definition.fields.1.label',
        code: 'duplicatePersonName',
        message: 'Person field names must be unique',
      },
    ],
  ])('validation: %s answers 400 with field errors', async (_case, overrides, expected) => {
    const res = await call(w, 'orgController', 'POST', url(), templateBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining(expected));
  });

  it('plan limits come from the workspace plan (standard: no PDF filename custom fields)', async () => {
    const standard = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1, plan: 'standard' });
    const body = templateBody({
      definition: {
        fields: [{ id: 'a', type: 'singleLineText' }],
        pdfFilename: { parts: [{ kind: 'field', fieldId: 'a' }] },
      },
    });
    const res = await call(standard, 'orgController', 'POST', `/api/companies/${standard.companyId}/templates`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'body.definition.pdfFilename.parts.0',
        message: 'You have exceeded the custom field limit for your plan type.',
      }),
    ]);
    expect((await call(w, 'orgController', 'POST', url(), body)).statusCode).toBe(201);
  });

  it('an unknown tab answers 404 tabNotFound', async () => {
    const res = await call(w, 'orgController', 'POST', url(), templateBody({ tabIds: [missing] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('tabNotFound');
  });
});

describe('POST /api/teams/:teamId/templates (team templates)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it.each<PersonaName>(['teamController', 'projectController', 'orgController', 'admin'])(
    '%s creates a team template in the first team',
    async (who) => {
      const res = await call(w, who, 'POST', `/api/teams/${teamIdOf(w)}/templates`, templateBody());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        folderId: teamIdOf(w),
        isCompany: false,
        path: [w.companyId, w.projects[0]?.projectId, teamIdOf(w)],
      });
    },
  );

  it('a team member is refused with 403; a team controller in another team too', async () => {
    expect(
      (await call(w, 'teamMember', 'POST', `/api/teams/${teamIdOf(w)}/templates`, templateBody())).statusCode,
    ).toBe(403);
    expect(
      (await call(w, 'teamController', 'POST', `/api/teams/${teamIdOf(w, 0, 1)}/templates`, templateBody())).statusCode,
    ).toBe(403);
  });

  it("another workspace's team answers 404; a non-uuid 400", async () => {
    const res = await call(w, 'outsider', 'POST', `/api/teams/${teamIdOf(w)}/templates`, templateBody());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('teamNotFound');
    expect((await call(w, 'orgController', 'POST', `/api/teams/${nonUuid}/templates`, templateBody())).statusCode).toBe(
      400,
    );
  });

  it('a template created without a header or footer gets the default ones; an empty one stays empty', async () => {
    const created = await teamTemplate(w, teamIdOf(w));
    const res = await call(w, 'orgController', 'GET', `/api/templates/${created.templateId}?lightweight=false`);
    expect(res.statusCode).toBe(200);
    const { header, footer, pdfFilename } = res.json().definition;
    expect(header.items.map((i: { type: string }) => i.type)).toEqual(['logo', 'workspaceProjectTeam', 'templateId']);
    expect(footer.items.map((i: { type: string }) => i.type)).toEqual(['pdfCreationDateTime', 'pdfPageNumber']);
    expect(pdfFilename.parts).toEqual([
      { kind: 'metadata', key: 'formName' },
      { kind: 'metadata', key: 'formNumber' },
    ]);
    const bare = templateBody();
    const empty = await teamTemplate(w, teamIdOf(w), {
      definition: { ...bare.definition, header: { items: [] }, footer: { items: [] } },
    });
    const emptyRes = await call(w, 'orgController', 'GET', `/api/templates/${empty.templateId}?lightweight=false`);
    expect(emptyRes.json().definition.header.items).toEqual([]);
  });
});

describe('GET /api/templates/:templateId', () => {
  let w: TestWorkspace;
  let library: { templateId: string };
  let own: { templateId: string };
  beforeAll(async () => {
    w = await createWorkspace(ctx);
    library = await libraryTemplate(w);
    own = await teamTemplate(w, teamIdOf(w, 0, 1));
  });

  it('an org member opens a library template with its definition', async () => {
    const res = await call(w, 'orgMember', 'GET', `/api/templates/${library.templateId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().definition.fields).toHaveLength(3);
  });

  it('lightweight leaves the definition out', async () => {
    const res = await call(w, 'orgMember', 'GET', `/api/templates/${library.templateId}?lightweight=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ templateId: library.templateId, definition: null });
  });

  it('a team member may open a library template only once it is deployed to their team', async () => {
    expect((await call(w, 'teamMember', 'GET', `/api/templates/${library.templateId}`)).statusCode).toBe(403);
    await call(w, 'orgController', 'PUT', `/api/templates/${library.templateId}/deployment`, {
      teamIds: [teamIdOf(w)],
    });
    const res = await call(w, 'teamMember', 'GET', `/api/templates/${library.templateId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDeployed: true, deployedTeamIds: [teamIdOf(w)] });
  });

  it("a team member may not open another team's template (403); its project controller may", async () => {
    expect((await call(w, 'teamMember', 'GET', `/api/templates/${own.templateId}`)).statusCode).toBe(403);
    expect((await call(w, 'projectMember', 'GET', `/api/templates/${own.templateId}`)).statusCode).toBe(200);
  });

  it("another workspace's template and a missing one answer 404; a non-uuid 400", async () => {
    const res = await call(w, 'outsider', 'GET', `/api/templates/${library.templateId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('templateNotFound');
    expect((await call(w, 'orgController', 'GET', `/api/templates/${missing}`)).statusCode).toBe(404);
    expect((await call(w, 'orgController', 'GET', `/api/templates/${nonUuid}`)).statusCode).toBe(400);
    expect(
      (await call(w, 'orgController', 'GET', `/api/templates/${library.templateId}?lightweight=yes`)).statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/templates/:templateId (save a new version)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  function saveBody(
    t: { templateCode: string; name: string; formName: string },
    expectedVersion: number,
    fields: unknown[],
  ) {
    return {
      expectedVersion,
      name: t.name,
      templateCode: t.templateCode,
      formName: t.formName,
      definition: { fields },
    };
  }

  it('creates an immutable version each save; old versions stay readable', async () => {
    const t = await libraryTemplate(w);
    const fields = [{ id: 'weather', type: 'singleLineText', label: 'Weather' }];
    const res = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, saveBody(t, 1, fields));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentVersion: 2, definition: { fields: [{ id: 'weather' }] } });
    const versions = await call(w, 'orgMember', 'GET', `/api/templates/${t.templateId}/versions`);
    expect(versions.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v1 = await call(w, 'orgMember', 'GET', `/api/templates/${t.templateId}/versions/1`);
    expect(v1.json().definition.fields).toHaveLength(3);
    expect((await call(w, 'orgMember', 'GET', `/api/templates/${t.templateId}/versions/9`)).statusCode).toBe(404);
    const events = await activity(w, `/api/companies/${w.companyId}`);
    expect(events[0]).toMatchObject({ action: 'template.saved', subjectId: t.templateId });
  });

  it('a stale expectedVersion answers 409 staleVersion with the current version', async () => {
    const t = await libraryTemplate(w);
    const fields = [{ id: 'a', type: 'number' }];
    expect(
      (await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, saveBody(t, 1, fields))).statusCode,
    ).toBe(200);
    const res = await call(w, 'admin', 'PUT', `/api/templates/${t.templateId}`, saveBody(t, 1, fields));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'staleVersion', meta: { currentVersion: 2 } });
  });

  it('the type never changes (clone instead): 400', async () => {
    const t = await libraryTemplate(w);
    const res = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, {
      ...saveBody(t, 1, [{ id: 'a', type: 'number' }]),
      type: 'register',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'body.type' });
  });

  it("another template's Template ID answers 409 templateCodeUsed; keeping its own is fine", async () => {
    const a = await libraryTemplate(w);
    const b = await libraryTemplate(w);
    const taken = await call(w, 'orgController', 'PUT', `/api/templates/${b.templateId}`, {
      ...saveBody(b, 1, [{ id: 'a', type: 'number' }]),
      templateCode: a.templateCode.toLowerCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('templateCodeUsed');
    const own = await call(
      w,
      'orgController',
      'PUT',
      `/api/templates/${b.templateId}`,
      saveBody(b, 1, [{ id: 'a', type: 'number' }]),
    );
    expect(own.statusCode).toBe(200);
  });

  it('validation rules answer 400 at the field, and nothing is saved', async () => {
    const t = await libraryTemplate(w);
    const fields = [
      { id: 'a', type: 'singleLineText' },
      { id: 'p1', type: 'pageBreak' },
      { id: 'p2', type: 'pageBreak' },
      { id: 'b', type: 'singleLineText' },
    ];
    const res = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, saveBody(t, 1, fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.definition.fields.2',
        message: 'A page break cannot be next to another page break',
        code: 'pageBreakAdjacent',
        fieldId: 'p2',
      },
    ]);
    expect(
      (await call(w, 'orgMember', 'GET', `/api/templates/${t.templateId}?lightweight=true`)).json().currentVersion,
    ).toBe(1);
  });

  it('a team controller may not edit a library template (403), even one deployed to their team', async () => {
    const t = await libraryTemplate(w);
    await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}/deployment`, { teamIds: [teamIdOf(w)] });
    const res = await call(
      w,
      'teamController',
      'PUT',
      `/api/templates/${t.templateId}`,
      saveBody(t, 1, [{ id: 'a', type: 'number' }]),
    );
    expect(res.statusCode).toBe(403);
  });

  it('a team controller saves their team template; a team member may not', async () => {
    const t = await teamTemplate(w, teamIdOf(w));
    expect(
      (
        await call(
          w,
          'teamMember',
          'PUT',
          `/api/templates/${t.templateId}`,
          saveBody(t, 1, [{ id: 'a', type: 'number' }]),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          w,
          'teamController',
          'PUT',
          `/api/templates/${t.templateId}`,
          saveBody(t, 1, [{ id: 'a', type: 'number' }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it("another workspace's template answers 404; bad input 400", async () => {
    const t = await libraryTemplate(w);
    expect(
      (
        await call(
          w,
          'outsider',
          'PUT',
          `/api/templates/${t.templateId}`,
          saveBody(t, 1, [{ id: 'a', type: 'number' }]),
        )
      ).statusCode,
    ).toBe(404);
    const { expectedVersion: _e, ...noVersion } = saveBody(t, 1, [{ id: 'a', type: 'number' }]);
    expect((await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, noVersion)).statusCode).toBe(400);
    expect(
      (await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, { ...noVersion, expectedVersion: '1' }))
        .statusCode,
    ).toBe(400);
    expect((await call(w, 'orgController', 'PUT', `/api/templates/${nonUuid}`, saveBody(t, 1, []))).statusCode).toBe(
      400,
    );
  });

  it('a template with 300 fields saves', async () => {
    const t = await libraryTemplate(w);
    const fields = Array.from({ length: 300 }, (_, i) => ({
      id: `f${i}`,
      type: 'singleLineText',
      label: `Field ${i}`,
    }));
    const res = await call(w, 'orgController', 'PUT', `/api/templates/${t.templateId}`, saveBody(t, 1, fields));
    expect(res.statusCode).toBe(200);
    expect(res.json().definition.fields).toHaveLength(300);
  });
});

describe('template formulas (issue 14.3: refused on save by the shared rule)', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });
  const numbers = [
    { id: 'qty', type: 'number', label: 'Quantity' },
    { id: 'rate', type: 'number', label: 'Rate', decimals: 2 },
    { id: 'site', type: 'singleLineText', label: 'Site' },
  ];
  const withFormula = (expression: string) => [
    ...numbers,
    { id: 'total', type: 'formula', label: 'Total', expression, decimals: 2 },
  ];
  const save = (
    who: PersonaName,
    t: { templateId: string; name: string; templateCode: string; formName: string },
    fields: unknown[],
  ) =>
    call(w, who, 'PUT', `/api/templates/${t.templateId}`, {
      expectedVersion: 1,
      name: t.name,
      templateCode: t.templateCode,
      formName: t.formName,
      definition: { fields },
    });

  it('a formula that does not parse answers 400 with a field error at the formula, and nothing is saved', async () => {
    const t = await teamTemplate(w, teamIdOf(w));
    const res = await save('orgController', t, withFormula('{qty} * ('));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([
      {
        path: 'body.definition.fields.3.expression',
        message: 'This formula cannot be read',
        code: 'formulaSyntax',
        fieldId: 'total',
        detail: 'Expected a value',
      },
    ]);
    expect((await call(w, 'orgMember', 'GET', `/api/templates/${t.templateId}?lightweight=true`)).json()).toMatchObject(
      {
        currentVersion: 1,
      },
    );
  });

  it('an unknown field, a text field in arithmetic and a cycle answer 400, each at the formula', async () => {
    const t = await teamTemplate(w, teamIdOf(w));
    const unknown = await save('orgController', t, withFormula('{qty} * {price}'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({
        path: 'body.definition.fields.3.expression',
        code: 'formulaUnknownField',
        message: 'This formula refers to a field that does not exist',
        detail: '{price} does not name a field',
      }),
    ]);
    const text = await save('orgController', t, withFormula('{site} * 2'));
    expect(text.json().errors).toEqual([
      expect.objectContaining({ code: 'formulaNotNumber', detail: '{Site} is not a number' }),
    ]);
    const cycle = await save('orgController', t, withFormula('{total} + 1'));
    expect(cycle.json().errors).toEqual([expect.objectContaining({ code: 'formulaCycle', fieldId: 'total' })]);
    // Creating a template is held to the same rule.
    const created = await call(
      w,
      'orgController',
      'POST',
      `/api/teams/${teamIdOf(w)}/templates`,
      templateBody({ definition: { fields: withFormula('SUM(') } }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().errors[0]).toMatchObject({
      path: 'body.definition.fields.3.expression',
      code: 'formulaSyntax',
    });
  });

  it('a good formula saves (200) and the forms of the template compute it', async () => {
    const t = await teamTemplate(w, teamIdOf(w));
    const res = await save('teamController', t, withFormula('ROUND({qty} * {rate}, 2)'));
    expect(res.statusCode).toBe(200);
    expect(res.json().definition.fields[3]).toMatchObject({ expression: 'ROUND({qty} * {rate}, 2)' });
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/forms`,
      headers: await w.personas.teamMember.headers(),
      payload: { formId: randomUUID(), templateId: t.templateId, values: { qty: 4, rate: 2.5 } },
    });
    expect(form.statusCode).toBe(201);
    expect(form.json()).toMatchObject({ templateVersion: 2, values: { qty: 4, rate: 2.5, total: 10 } });
    expect(form.json().formulaErrors ?? []).toEqual([]);
  });

  it("a team member may not save (403); another workspace's template answers 404", async () => {
    const t = await teamTemplate(w, teamIdOf(w));
    expect((await save('teamMember', t, withFormula('{qty} * {rate}'))).statusCode).toBe(403);
    expect((await save('outsider', t, withFormula('{qty} * {rate}'))).statusCode).toBe(404);
    // The same answers for a bad formula: access is decided before the body's rules.
    expect((await save('outsider', t, withFormula('{nope}'))).statusCode).toBe(404);
  });
});

describe('POST /api/templates/:templateId/clone', () => {
  let w: TestWorkspace;
  beforeAll(async () => {
    w = await createWorkspace(ctx);
  });

  it('clones into the same folder as another type, with its tabs; the original keeps its type', async () => {
    const tab = await call(w, 'orgController', 'POST', `/api/companies/${w.companyId}/template-tabs`, {
      name: 'Safety',
      style: 'red',
    });
    const t = await libraryTemplate(w, { tabIds: [tab.json().id] });
    const res = await call(w, 'orgController', 'POST', `/api/templates/${t.templateId}/clone`, {
      name: 'Incident Report',
      templateCode: 'IR-1',
      type: 'workflow',
    });
    expect(res.statusCode).toBe(201);
    const clone = res.json();
    expect(clone).toMatchObject({
      type: 'workflow',
      folderId: w.companyId,
      currentVersion: 1,
      tabIds: [tab.json().id],
      formName: t.formName,
    });
    expect(clone.definition.workflow.columns.map((c: { name: string }) => c.name)).toEqual(['Open', 'Closed']);
    expect((await call(w, 'orgMember', 'GET', `/api/templates/${t.templateId}?lightweight=true`)).json().type).toBe(
      'timeline',
    );
  });

  it('a used Template ID answers 409; a team member 403; another workspace 404', async () => {
    const t = await teamTemplate(w, teamIdOf(w));
    expect(
      (
        await call(w, 'teamController', 'POST', `/api/templates/${t.templateId}/clone`, {
          name: 'X',
          templateCode: t.templateCode,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call(w, 'teamMember', 'POST', `/api/templates/${t.templateId}/clone`, { name: 'X', templateCode: 'X-1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(w, 'outsider', 'POST', `/api/templates/${t.templateId}/clone`, { name: 'X', templateCode: 'X-2' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(w, 'teamController', 'POST', `/api/templates/${t.templateId}/clone`, {
          name: 'X',
          templateCode: 'X-3',
          type: 'kanban',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('GET template lists (company and team)', () => {
  let w: TestWorkspace;
  let deployed: { templateId: string };
  let own: { templateId: string };
  beforeAll(async () => {
    w = await createWorkspace(ctx);
    deployed = await libraryTemplate(w, { name: 'Beta library' });
    await libraryTemplate(w, { name: 'alpha library' });
    own = await teamTemplate(w, teamIdOf(w), { name: 'Team own' });
    await teamTemplate(w, teamIdOf(w, 0, 1), { name: 'Other team' });
    await call(w, 'orgController', 'PUT', `/api/templates/${deployed.templateId}/deployment`, {
      teamIds: [teamIdOf(w), teamIdOf(w, 1)],
    });
  });

  it('the Template Library lists library templates by name with tabs and deployments', async () => {
    const tab = (
      await call(w, 'orgController', 'POST', `/api/companies/${w.companyId}/template-tabs`, { name: 'Daily' })
    ).json();
    await call(w, 'orgController', 'PUT', `/api/templates/${deployed.templateId}/tabs/${tab.id}`);
    const res = await call(w, 'orgMember', 'GET', `/api/companies/${w.companyId}/templates`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.folder).toEqual({ folderId: w.companyId, kind: 'company' });
    expect(body.state).toBe('active');
    expect(body.tabs).toEqual([{ id: tab.id, name: 'Daily', style: 'dark-blue', sortValue: 0 }]);
    expect(body.templates.map((t: { name: string }) => t.name)).toEqual(['alpha library', 'Beta library']);
    expect(body.templates[1]).toMatchObject({
      tabIds: [tab.id],
      isDeployed: true,
      deployedTeamIds: [teamIdOf(w), teamIdOf(w, 1)].sort(),
    });
  });

  it("a team's list holds its own templates and the library templates deployed to it", async () => {
    const res = await call(w, 'teamMember', 'GET', `/api/teams/${teamIdOf(w)}/templates?state=active`);
    expect(res.statusCode).toBe(200);
    const templates = res.json().templates;
    expect(templates.map((t: { name: string; isDeployed: boolean }) => [t.name, t.isDeployed])).toEqual([
      ['Beta library', true],
      ['Team own', false],
    ]);
    expect(templates[1].templateId).toBe(own.templateId);
  });

  it("a team member may not list the library or another team's templates (403)", async () => {
    expect((await call(w, 'teamMember', 'GET', `/api/companies/${w.companyId}/templates`)).statusCode).toBe(403);
    expect((await call(w, 'teamMember', 'GET', `/api/teams/${teamIdOf(w, 0, 1)}/templates`)).statusCode).toBe(403);
  });

  it("another workspace's folders answer 404; bad input 400", async () => {
    expect((await call(w, 'outsider', 'GET', `/api/companies/${w.companyId}/templates`)).statusCode).toBe(404);
    expect((await call(w, 'outsider', 'GET', `/api/teams/${teamIdOf(w)}/templates`)).statusCode).toBe(404);
    expect(
      (await call(w, 'orgController', 'GET', `/api/companies/${w.companyId}/templates?state=deleted`)).statusCode,
    ).toBe(400);
    expect((await call(w, 'orgController', 'GET', `/api/teams/${nonUuid}/templates`)).statusCode).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createFormTemplate,
  createUser,
  createWorkspace,
  type PersonaName,
  type TestWorkspace,
  teamIdOf,
} from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { bulkFormChunk, bulkFormJobHandler, bulkFormJobKind } from './bulk-forms.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let team: string;
let templateId: string;
let otherTemplateId: string;

const definition = {
  fields: [
    { id: 'company', type: 'singleLineText' as const, label: 'Company', required: true },
    { id: 'due', type: 'date' as const, label: 'Due date' },
    { id: 'crew', type: 'number' as const, label: 'Crew', decimals: 0 },
    { id: 'safe', type: 'yesNo' as const, label: 'Site safe' },
    {
      id: 'trade',
      type: 'dropdown' as const,
      label: 'Trade',
      options: [
        { id: 'el', label: 'Electrical' },
        { id: 'pl', label: 'Plumbing' },
      ],
    },
    { id: 'sig', type: 'signature' as const, label: 'Signature' },
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  team = teamIdOf(w);
  templateId = (
    await createFormTemplate(ctx.database.db, w.workspaceId, { folderId: team, definition, name: 'Induction' })
  ).templateId;
  otherTemplateId = (
    await createFormTemplate(ctx.database.db, other.workspaceId, { folderId: teamIdOf(other), definition })
  ).templateId;
});
afterAll(() => ctx.close());

const base = (teamId = team, template = templateId) => `/api/teams/${teamId}/templates/${template}/bulk-forms`;

async function upload(
  csv: string,
  options: { create?: boolean; batchId?: string; who?: PersonaName; url?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: options.url ?? base(),
    headers: await w.personas[options.who ?? 'teamMember'].headers(),
    payload: { csv, batchId: options.batchId ?? randomUUID(), create: options.create ?? false },
  });
}

async function get(url: string, who: PersonaName = 'teamMember', ws = w) {
  return ctx.app.inject({ method: 'GET', url, headers: await ws.personas[who].headers() });
}

const runJobs = () => runPendingJobs(ctx.database.db, { [bulkFormJobKind]: bulkFormJobHandler(ctx.database.db) });

async function formsOf(template: string) {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ values: Record<string, unknown>; created_by: string; number: number }>(sql`
      select field_values as values, created_by from forms where template_id = ${template} order by created_at, form_id`);
    return r.rows;
  });
}

async function auditCount(action: string, subjectId: string) {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = ${action} and subject_id = ${subjectId}`,
    );
    return r.rows[0]?.n;
  });
}

const good =
  'Company,Due date,Crew,Site safe,Trade\nSparks Electrical,2026-12-01,4,Yes,Electrical\nPipe Co,,2,no,plumbing\n';
const mixed =
  'Company,Due date,Crew,Trade\nSparks Electrical,2026-12-01,4,Electrical\n,2026-12-02,3,Plumbing\nBad Date Ltd,01/12/2026,2.5,Carpentry\n';

describe('GET .../bulk-forms/template.csv', () => {
  it('is a header row naming each field a CSV can fill, in the template’s order', async () => {
    const response = await get(`${base()}/template.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Induction\.csv"/);
    expect(response.body).toBe('\uFEFFCompany,Due date,Crew,Site safe,Trade\r\n');
  });

  it('is refused for a template with no Single Line Text or Date field, and where two fields share a name', async () => {
    const numbersOnly = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: team,
      definition: { fields: [{ id: 'n', type: 'number', label: 'Count' }] },
    });
    const refused = await get(`${base(team, numbersOnly.templateId)}/template.csv`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      'Forms can be created from a CSV only for a template with a Single Line Text or Date field.',
    );
    const twice = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: team,
      definition: {
        fields: [
          { id: 'a', type: 'singleLineText', label: 'Name' },
          { id: 'b', type: 'multiLineText', label: 'name' },
        ],
      },
    });
    const blocked = await upload('Name\nX\n', { url: base(team, twice.templateId) });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().errors).toEqual([expect.objectContaining({ path: 'body.csv', code: 'duplicateFieldNames' })]);
  });
});

describe('POST .../bulk-forms (the preview)', () => {
  it('reads and checks every row as a signed-in create does, and creates nothing', async () => {
    const before = (await formsOf(templateId)).length;
    const response = await upload(mixed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      columns: ['Company', 'Due date', 'Crew', 'Trade'],
      rows: [
        { line: 2, cells: ['Sparks Electrical', '2026-12-01', '4', 'Electrical'], problems: [] },
        {
          line: 3,
          cells: ['', '2026-12-02', '3', 'Plumbing'],
          problems: [{ column: 'Company', message: expect.any(String) }],
        },
        {
          line: 4,
          cells: ['Bad Date Ltd', '01/12/2026', '2.5', 'Carpentry'],
          problems: [
            { column: 'Due date', message: 'Enter a date as YYYY-MM-DD' },
            { column: 'Trade', message: '"Carpentry" is not an option of this field' },
            { column: 'Crew', message: 'Enter a whole number' },
          ],
        },
      ],
      valid: 1,
      rejected: 2,
    });
    expect((await formsOf(templateId)).length).toBe(before);
  });

  it('refuses bad files with their reasons: header, not CSV, no file, too many rows, too large, no batch id', async () => {
    const header = await upload('Company,Colour\nX,Red\n');
    expect(header.statusCode).toBe(400);
    expect(header.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(header.json().errors).toEqual([expect.objectContaining({ path: 'body.csv', code: 'header' })]);
    expect(header.json().detail).toContain('Not a field: Colour.');
    expect((await upload('Company,company\nX,Y\n')).json().errors[0].code).toBe('header');
    expect((await upload('Company\n"unclosed\n')).json().errors[0].code).toBe('notCsv');
    expect((await upload('%PDF-\u0000\u0001')).json().errors[0].code).toBe('notCsv');
    expect((await upload('')).json().errors[0]).toMatchObject({ path: 'body.csv', code: 'noFile' });
    expect((await upload('Company\n')).json().errors[0].code).toBe('empty');
    const rows = Array.from({ length: 101 }, (_, i) => `Company ${i}`).join('\n');
    const tooMany = await upload(`Company\n${rows}\n`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({
      code: 'tooManyRows',
      message: 'The CSV file has more than 100 rows.',
    });
    const large = await upload(`Company\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect(large.statusCode).toBe(400);
    expect(large.json().errors[0]).toMatchObject({ path: 'body.csv', message: 'The CSV file is larger than 5 MB.' });
    const noBatch = await ctx.app.inject({
      method: 'POST',
      url: base(),
      headers: await w.personas.teamMember.headers(),
      payload: { csv: good },
    });
    expect(noBatch.statusCode).toBe(400);
    expect(noBatch.json().errors).toEqual([expect.objectContaining({ path: 'body.batchId' })]);
  });
});

describe('POST .../bulk-forms with create, then the job', () => {
  it('creates the valid rows as a job with its progress; a retried start makes no second set; the report lists the rejected', async () => {
    const before = (await formsOf(templateId)).length;
    const batchId = randomUUID();
    const started = await upload(good, { create: true, batchId });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ batchId, templateId, state: 'queued', total: 2, processed: 0, created: 0 });
    // The same start again (a lost answer retried): the same batch.
    const again = await upload(good, { create: true, batchId });
    expect(again.statusCode).toBe(202);
    expect(again.json().batchId).toBe(batchId);

    await runJobs();
    const done = await get(`${base()}/${batchId}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'done', total: 2, processed: 2, created: 2 });
    const forms = await formsOf(templateId);
    expect(forms.length).toBe(before + 2);
    expect(
      forms
        .slice(-2)
        .map((f) => f.values)
        .sort((a, b) => String(b.company).localeCompare(String(a.company))),
    ).toEqual([
      { company: 'Sparks Electrical', due: '2026-12-01', crew: 4, safe: { answer: 'yes' }, trade: 'el' },
      { company: 'Pipe Co', crew: 2, safe: { answer: 'no' }, trade: 'pl' },
    ]);
    expect(forms.at(-1)?.created_by).toBe(w.personas.teamMember.userId);
    // Started again after it ran: still the one batch, no more forms.
    await upload(good, { create: true, batchId });
    await runJobs();
    expect((await formsOf(templateId)).length).toBe(before + 2);
    expect(await auditCount('template.bulkFormsStarted', templateId)).toBe(1);
    const activity = await get(`/api/teams/${team}/activity`);
    const event = activity.json().events.find((e: { action: string }) => e.action === 'template.bulkFormsStarted');
    expect(event).toMatchObject({ subjectName: 'Induction', details: { batchId, rows: 2, rejected: 0 } });
  });

  it('reports the rejected rows with why as a CSV', async () => {
    const batchId = randomUUID();
    const started = await upload(mixed, { create: true, batchId });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ total: 1, rejected: 2 });
    await runJobs();
    const report = await get(`${base()}/${batchId}/report.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = report.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Line,Company,Due date,Crew,Trade,Problems');
    expect(lines[1]).toMatch(/^3,,2026-12-02,3,Plumbing,Company: /);
    expect(lines[2]).toBe(
      '4,Bad Date Ltd,01/12/2026,2.5,Carpentry,"Due date: Enter a date as YYYY-MM-DD; Trade: ""Carpentry"" is not an option of this field; Crew: Enter a whole number"',
    );
  });

  it('creates a full file of 100 rows in chunks', async () => {
    const before = (await formsOf(templateId)).length;
    const rows = Array.from({ length: 100 }, (_, i) => `Company ${i},2026-12-01,${i}`).join('\n');
    const batchId = randomUUID();
    expect((await upload(`Company,Due date,Crew\n${rows}\n`, { create: true, batchId })).statusCode).toBe(202);
    await runJobs();
    expect((await get(`${base()}/${batchId}`)).json()).toMatchObject({ state: 'done', processed: 100, created: 100 });
    expect((await formsOf(templateId)).length).toBe(before + 100);
    expect(bulkFormChunk).toBeLessThan(100);
  });

  it('refuses a file with no valid row: CSV file has formatting errors', async () => {
    const response = await upload('Company,Crew\n,abc\n', { create: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('No row can be created: correct the rows marked and upload the file again.');
    expect(response.json().errors[0]).toMatchObject({ path: 'body.csv', message: 'Line 2, Crew: Enter a number' });
  });
});

describe('the Assignee column, list items by name, date and date-time ranges', () => {
  let namedTemplateId: string;
  let items: { id: string; label: string }[];

  beforeAll(async () => {
    const lists = `/api/companies/${w.companyId}/lists`;
    const headers = await w.personas.orgController.headers();
    const list = (await ctx.app.inject({ method: 'POST', url: lists, headers, payload: { name: 'Plant' } })).json();
    items = [];
    for (const label of ['Excavator 1', 'Crane 2']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${lists}/${list.id}/items`,
        headers,
        payload: { label },
      });
      expect(res.statusCode, res.body).toBe(201);
      items.push(res.json());
    }
    namedTemplateId = (
      await createFormTemplate(ctx.database.db, w.workspaceId, {
        folderId: team,
        name: 'Plant hire',
        definition: {
          fields: [
            { id: 'company', type: 'singleLineText', label: 'Company', required: true },
            { id: 'lead', type: 'singlePerson', label: 'Site lead' },
            { id: 'second', type: 'singlePerson', label: 'Second lead' },
            { id: 'plant', type: 'list', label: 'Plant', listId: list.id, allowMultiple: true },
            { id: 'hire', type: 'dateRange', label: 'Hire' },
            { id: 'shift', type: 'dateTimeRange', label: 'Shift' },
            { id: 'arrival', type: 'dateTime', label: 'Arrival' },
          ],
        },
      })
    ).templateId;
  });

  const named = () => base(team, namedTemplateId);

  it('offers an Assignee column for the first Single Person field, the list field, the ranges and date and time', async () => {
    const response = await get(`${named()}/template.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\uFEFFCompany,Assignee,Plant,Hire,Shift,Arrival\r\n');
  });

  it('fills the assignee from the e-mail of a person of the team and list items by their names', async () => {
    const before = (await formsOf(namedTemplateId)).length;
    const lead = w.personas.teamController;
    const csv = [
      'Company,Assignee,Plant,Hire,Shift,Arrival',
      `Sparks,${lead.email.toUpperCase()},crane 2; EXCAVATOR 1,2026-12-01/2026-12-05,2026-12-01T07:00+00:00/2026-12-01T15:30+00:00,2026-12-01T06:45+11:00`,
    ].join('\n');
    const preview = await upload(csv, { url: named() });
    expect(preview.json().rows[0].problems).toEqual([]);
    expect(preview.json()).toMatchObject({ valid: 1, rejected: 0 });
    const batchId = randomUUID();
    expect((await upload(csv, { url: named(), create: true, batchId })).statusCode).toBe(202);
    await runJobs();
    const forms = await formsOf(namedTemplateId);
    expect(forms.length).toBe(before + 1);
    expect(forms.at(-1)?.values).toMatchObject({
      company: 'Sparks',
      lead: lead.userId,
      plant: [
        { itemId: items[1]?.id, label: 'Crane 2' },
        { itemId: items[0]?.id, label: 'Excavator 1' },
      ],
      hire: { start: '2026-12-01', end: '2026-12-05' },
      shift: { start: '2026-12-01T07:00:00+00:00', end: '2026-12-01T15:30:00+00:00' },
      arrival: '2026-12-01T06:45:00+11:00',
    });
    expect(forms.at(-1)?.values).not.toHaveProperty('second');
  });

  it('makes an unknown or unusable assignee, an unknown item and a bad range their row’s problem', async () => {
    const outsider = w.personas.outsider.email;
    const csv = [
      'Company,Assignee,Plant,Hire,Shift',
      `A,${outsider},,,`,
      'B,not an e-mail,,,',
      'C,,Bulldozer 9,,',
      'D,,,2026-12-05/2026-12-01,',
      'E,,,2026-12-01,2026-12-01T07:00/2026-12-01T15:30',
    ].join('\n');
    const response = await upload(csv, { url: named() });
    expect(response.statusCode).toBe(200);
    expect(response.json().rows.map((r: { problems: unknown[] }) => r.problems)).toEqual([
      [{ column: 'Assignee', message: `${outsider} is not a person who can see this team` }],
      [{ column: 'Assignee', message: 'Enter the e-mail of a person who can see this team' }],
      [{ column: 'Plant', message: '"Bulldozer 9" is not an item of this field\'s list' }],
      [{ column: 'Hire', message: 'The end must not be before the start' }],
      [
        { column: 'Hire', message: 'Enter a date range as YYYY-MM-DD/YYYY-MM-DD' },
        { column: 'Shift', message: expect.stringMatching(/^Enter a date and time range as start\/end/) },
      ],
    ]);
    // A member of another team of the workspace cannot be the assignee either.
    const elsewhere = await createUser(ctx.database.db);
    await addMember(ctx.database.db, w.workspaceId, elsewhere.userId, { folderId: teamIdOf(w, 0, 1), role: 'member' });
    const notHere = await upload(`Company,Assignee\nF,${elsewhere.email}\n`, { url: named(), create: true });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().errors[0]).toMatchObject({
      path: 'body.csv',
      message: `Line 2, Assignee: ${elsewhere.email} is not a person who can see this team`,
    });
  });
});

describe('access', () => {
  it('a member of another team is refused (403); another workspace’s team, template or batch is 404', async () => {
    const otherTeam = teamIdOf(w, 0, 1);
    const forbidden = await upload(good, { url: base(otherTeam) });
    expect(forbidden.statusCode).toBe(403);
    expect((await get(`${base(otherTeam)}/template.csv`)).statusCode).toBe(403);
    expect((await upload(good, { url: base(teamIdOf(other), otherTemplateId) })).statusCode).toBe(404);
    expect((await upload(good, { url: base(team, otherTemplateId) })).statusCode).toBe(404);
    const batchId = randomUUID();
    await ctx.app.inject({
      method: 'POST',
      url: base(teamIdOf(other), otherTemplateId),
      headers: await other.personas.teamMember.headers(),
      payload: { csv: good, batchId, create: true },
    });
    expect((await get(`${base()}/${batchId}`)).statusCode).toBe(404);
    expect((await get(`${base()}/${batchId}/report.csv`)).statusCode).toBe(404);
    expect((await get(`${base(teamIdOf(other), otherTemplateId)}/${batchId}`, 'teamMember', other)).statusCode).toBe(
      200,
    );
  });
});

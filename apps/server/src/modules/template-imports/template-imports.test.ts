import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { templateImportMaxBytes, templateImportMessages } from '@formwork/shared/templates/template-imports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import {
  docxOf,
  flatPdf,
  inspectionPdf,
  para,
  plantRegisterXlsx,
  toolboxTalkDocx,
  unnamedFieldsPdf,
  zipOf,
} from '../../../test/import-fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { inScope } from '../../db/tenant.ts';
import { fileStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { templateImportJobHandler, templateImportJobKind } from './template-imports.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let other: TestWorkspace;
let team: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  other = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  team = teamIdOf(w);
});
afterAll(() => ctx.close());

const base = (teamId = team) => `/api/teams/${teamId}/template-imports`;

async function upload(
  fileName: string,
  data: Buffer | Readable,
  options: { who?: PersonaName; url?: string; ws?: TestWorkspace; contentType?: string } = {},
) {
  const ws = options.ws ?? w;
  return ctx.app.inject({
    method: 'POST',
    url: `${options.url ?? base()}?fileName=${encodeURIComponent(fileName)}`,
    headers: {
      ...(await ws.personas[options.who ?? 'teamController'].headers()),
      'content-type': options.contentType ?? 'application/octet-stream',
    },
    payload: data,
  });
}

async function call(method: 'GET' | 'DELETE', url: string, who: PersonaName = 'teamController', ws = w) {
  return ctx.app.inject({ method, url, headers: await ws.personas[who].headers() });
}

const runJobs = () =>
  runPendingJobs(ctx.database.db, {
    [templateImportJobKind]: templateImportJobHandler(ctx.database.db, fileStorage(ctx.config)),
  });

/** Uploads, converts and answers the import with its draft. */
async function imported(fileName: string, data: Buffer) {
  const started = await upload(fileName, data);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ fileName, state: 'queued', progress: 0 });
  await runJobs();
  const response = await call('GET', `${base()}/${started.json().importId}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function auditCount(action: string, subjectId: string) {
  return inScope(ctx.database.db, { workspaceId: w.workspaceId, userId: null, isAdmin: false }, async (tx) => {
    const r = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = ${action} and subject_id = ${subjectId}`,
    );
    return r.rows[0]?.n;
  });
}

const summary = (f: { type: string; label: string }) => `${f.type}:${f.label}`;

describe('fillable PDF', () => {
  it('becomes a draft with its form fields in page order, each as the field it asks for, that saves as a template', async () => {
    const result = await imported('Site inspection.pdf', await inspectionPdf());
    expect(result).toMatchObject({ state: 'ready', progress: 100, error: null, fieldCount: 10, kind: 'pdf' });
    const fields = result.draft.definition.fields;
    expect(fields.map(summary)).toEqual([
      'singleLineText:Site name',
      'date:Inspection date',
      'singleLineText:Inspector name',
      'yesNo:Ppe worn',
      'multipleChoice:Weather',
      'dropdown:Trade',
      'multipleChoice:Hazards',
      'multiLineText:Notes',
      'number:Crew count',
      'signature:Inspector signature',
    ]);
    expect(fields[4].options.map((o: { label: string }) => o.label)).toEqual(['Sunny', 'Rain', 'Wind']);
    expect(fields[4].allowMultiple).toBe(false);
    expect(fields[5].options.map((o: { label: string }) => o.label)).toEqual(['Electrical', 'Plumbing', 'Carpentry']);
    expect(fields[6].allowMultiple).toBe(true);
    expect(result.draft).toMatchObject({ name: 'Site inspection', formName: 'Site inspection', type: 'timeline' });
    expect(result.notes).toEqual(['Button "reset" left out: buttons are not form fields.']);
    expect(result.sourceText).toContain('Page 2');

    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${team}/templates`,
      headers: await w.personas.teamController.headers(),
      payload: result.draft,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().definition.fields).toHaveLength(10);

    expect(await auditCount('template.importStarted', result.importId)).toBe(1);
    const dismissed = await call('DELETE', `${base()}/${result.importId}`);
    expect(dismissed.statusCode).toBe(204);
    expect(await auditCount('template.importDismissed', result.importId)).toBe(1);
    const list = await call('GET', base());
    expect(list.json().imports.map((i: { importId: string }) => i.importId)).not.toContain(result.importId);
  });

  it("labels fields the authoring tool named ('Text1', 'undefined') by the text printed beside them", async () => {
    const result = await imported('Daily site check.pdf', await unnamedFieldsPdf());
    expect(result).toMatchObject({ state: 'ready', fieldCount: 5 });
    expect(result.draft.definition.fields.map(summary)).toEqual([
      'singleLineText:Site name',
      'singleLineText:Supervisor',
      'date:Date of inspection',
      'yesNo:Permit sighted',
      'number:Crew count',
    ]);
    expect(result.sourceText).toContain('Site name (');
    expect(result.sourceText).toContain('from "Text1"');
  });

  it('is refused when it has no form fields (a scanned or printed PDF), and when it is damaged, without a 5xx', async () => {
    const flat = await imported('Scan.pdf', await flatPdf());
    expect(flat).toMatchObject({ state: 'failed', draft: null });
    expect(flat.error).toMatch(/^Unable to convert this file into a template: the PDF has no fillable form fields/);
    const broken = await imported('Broken.pdf', Buffer.from(`%PDF-1.7\n${'garbage '.repeat(2000)}\n%%EOF`));
    expect(broken.state).toBe('failed');
    expect(broken.error).toMatch(/^Unable to convert this file into a template: /);
  });
});

describe('spreadsheets', () => {
  it('XLSX: the header row becomes fields; list validations choices; whole-number and date columns typed', async () => {
    const result = await imported('Plant register.xlsx', await plantRegisterXlsx());
    expect(result.state, result.error).toBe('ready');
    const fields = result.draft.definition.fields;
    expect(fields.map(summary)).toEqual([
      'singleLineText:Plant item',
      'dropdown:Type',
      'dropdown:Status',
      'number:Hours',
      'date:Service date',
      'singleLineText:Operator',
      'number:Fuel level',
    ]);
    expect(fields[1].options.map((o: { label: string }) => o.label)).toEqual(['Excavator', 'Crane', 'Loader']);
    expect(fields[2].options.map((o: { label: string }) => o.label)).toEqual([
      'In service',
      'Out of service',
      'Tagged out',
    ]);
    expect(fields[3].decimals).toBe(0);
    expect(fields[6].decimals).toBeUndefined();
    expect(result.notes).toEqual(['Only the first worksheet ("Plant") was read.']);
  });

  it('CSV: the header row becomes fields typed by the values under them', async () => {
    const csv = 'Name,Start date,Hours,Inducted,Comments\nSam,2026-01-02,8,yes,ok\nAlex,2026-01-03,7.5,no,\n';
    const result = await imported('Timesheet.csv', Buffer.from(csv));
    expect(result.draft.definition.fields.map(summary)).toEqual([
      'singleLineText:Name',
      'date:Start date',
      'number:Hours',
      'yesNo:Inducted',
      'singleLineText:Comments',
    ]);
  });
});

describe('Word documents', () => {
  it('headings become sections, tables table fields, Yes / No questions and checkboxes those fields', async () => {
    const result = await imported('toolbox.docx', toolboxTalkDocx());
    expect(result.state, result.error).toBe('ready');
    expect(result.draft.name).toBe('Toolbox talk');
    const fields = result.draft.definition.fields;
    expect(fields.map(summary)).toEqual([
      'prefilledText:Details',
      'singleLineText:Presenter',
      'date:Date',
      'prefilledText:Safety checks',
      'yesNo:Were all workers inducted?',
      'yesNoNa:Is the first aid kit stocked?',
      'multipleChoice:PPE checked',
      'defaultTable:Attendees',
    ]);
    expect(fields[6].options.map((o: { label: string }) => o.label)).toEqual([
      'Hard hat',
      'Hi-vis vest',
      'Steel-capped boots',
    ]);
    expect(fields[7].columns.map((c: { heading: string; cellType: string }) => `${c.heading}:${c.cellType}`)).toEqual([
      'Name:text',
      'Company:text',
      'Signature:signature',
    ]);
    expect(result.sourceText).toContain('# Safety checks');
  });
});

describe('hostile files', () => {
  it('a zip bomb (sizes that lie, or that declare too much) is refused before it is parsed', async () => {
    const lying = zipOf([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: Buffer.alloc(50 * 1024 * 1024), declaredSize: 1000 },
    ]);
    expect(lying.length).toBeLessThan(200_000);
    const first = await imported('bomb.xlsx', lying);
    expect(first.state).toBe('failed');
    expect(first.error).toBe(
      'Unable to convert this file into a template: the file expands to more data than a document can hold (a compressed archive bomb).',
    );
    const huge = zipOf([
      { name: 'word/document.xml', data: 'x', declaredSize: 0xfffffff0 },
      { name: 'word/other.xml', data: 'x', declaredSize: 0xfffffff0 },
    ]);
    const second = await imported('bomb.docx', huge);
    expect(second.error).toMatch(/compressed archive bomb/);
  });

  it('macro-enabled files are refused by name at upload, and by content when renamed', async () => {
    const byName = await upload('Tools.xlsm', Buffer.from('PK'));
    expect(byName.statusCode).toBe(400);
    expect(byName.json().errors[0].message).toBe(
      'Unable to convert this file into a template: files with macros (.xlsm, .docm) are not accepted; save it as .xlsx or .docx first.',
    );
    const renamed = await imported(
      'Renamed.docx',
      docxOf([para('Name: ____')], [{ name: 'word/vbaProject.bin', data: Buffer.from('macro') }]),
    );
    expect(renamed.state).toBe('failed');
    expect(renamed.error).toMatch(/files with macros/);
  });

  it('a file that is not what its name says is refused at upload with the spec message', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const image = await upload('form.pdf', png);
    expect(image.statusCode).toBe(400);
    expect(image.json().errors[0].message).toMatch(/^Unable to convert this file into a template: it is an image/);
    const photo = await upload('form.jpg', png);
    expect(photo.json().errors[0].message).toMatch(/^Unable to convert this file into a template: it is an image/);
    const pdfAsDocx = await upload('form.docx', await flatPdf());
    expect(pdfAsDocx.statusCode).toBe(400);
    expect(pdfAsDocx.json().errors[0]).toMatchObject({
      path: 'body',
      message: templateImportMessages.unsupportedType,
      code: 'unsupportedType',
    });
    const text = await upload('notes.txt', Buffer.from('hello'));
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe(templateImportMessages.unsupportedType);
    const empty = await upload('empty.csv', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('a file over 100MB is refused once the limit passes, streamed (never held whole)', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const stream = Readable.from(
      (function* () {
        yield Buffer.from('%PDF-1.7\n');
        while (sent <= templateImportMaxBytes) {
          sent += chunk.length;
          yield chunk;
        }
      })(),
    );
    const before = await call('GET', base());
    const response = await upload('Huge.pdf', stream);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0].message).toBe(templateImportMessages.tooLarge);
    expect(templateImportMessages.tooLarge).toBe('Unable to upload files over 100MB.');
    const after = await call('GET', base());
    expect(after.json().imports).toHaveLength(before.json().imports.length);
  });

  it('at most 10 files wait for conversion in a folder at once', async () => {
    const secondTeam = teamIdOf(w, 0, 1);
    const who = 'projectController';
    for (let i = 0; i < 10; i++) {
      const r = await upload(`sheet-${i}.csv`, Buffer.from('Name\nSam\n'), { url: base(secondTeam), who });
      expect(r.statusCode).toBe(202);
    }
    const eleventh = await upload('sheet-10.csv', Buffer.from('Name\nSam\n'), { url: base(secondTeam), who });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().errors[0].message).toBe('Unable to import more than 10 files at a time.');
    await runJobs();
    const list = await call('GET', base(secondTeam), who);
    expect(list.json().imports).toHaveLength(10);
    expect(list.json().imports.every((i: { state: string }) => i.state === 'ready')).toBe(true);
  });
});

describe('access', () => {
  it('a team member may not import, list or open imports (403); the org controller imports into the Template Library', async () => {
    const denied = await upload('a.csv', Buffer.from('Name\n'), { who: 'teamMember' });
    expect(denied.statusCode).toBe(403);
    expect((await call('GET', base(), 'teamMember')).statusCode).toBe(403);
    const library = await upload('Library.csv', Buffer.from('Name\nSam\n'), {
      who: 'orgController',
      url: `/api/companies/${w.companyId}/template-imports`,
    });
    expect(library.statusCode).toBe(202);
    expect(library.json().folderId).toBe(w.companyId);
  });

  it("another workspace's folder or import answers 404, and an import is only found through its own folder", async () => {
    const mine = await upload('Mine.csv', Buffer.from('Name\nSam\n'));
    const importId = mine.json().importId;
    expect((await upload('a.csv', Buffer.from('Name\n'), { url: base(teamIdOf(other)) })).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${importId}`, 'teamController', other)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${importId}`, 'outsider')).statusCode).toBe(404);
    const elsewhere = await call('GET', `${base(teamIdOf(w, 0, 1))}/${importId}`, 'projectController');
    expect(elsewhere.statusCode).toBe(404);
    expect((await call('DELETE', `${base(teamIdOf(w, 0, 1))}/${importId}`, 'projectController')).statusCode).toBe(404);
  });

  it('bad input: no file name, or an import id that is not one, is a 400 with field errors', async () => {
    const noName = await ctx.app.inject({
      method: 'POST',
      url: base(),
      headers: await w.personas.teamController.headers(),
      payload: Buffer.from('Name\n'),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(noName.json().errors[0].path).toMatch(/^query/);
    const badId = await call('GET', `${base()}/not-an-id`);
    expect(badId.statusCode).toBe(400);
  });
});

it('a zip bomb is cheap to make and cheap to refuse (the guard inflates at most its declared size)', () => {
  expect(deflateRawSync(Buffer.alloc(1024 * 1024)).length).toBeLessThan(2000);
});

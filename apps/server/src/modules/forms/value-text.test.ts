import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Field, fieldSchema } from '@formwork/shared/fields/field';
import { fieldValueText } from '@formwork/shared/forms/value-text';
import type { TemplateDefinitionInput } from '@formwork/shared/templates/template-definition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTemplate, createWorkspace, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { postForm } from '../../../test/form-fixtures.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { unzip } from '../../../test/unzip.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { exportJobHandler, exportJobKind } from './exports.service.ts';

/**
 * Issue 14.4/14.5: a value reads the same in the register API, the CSV and XLSX exports, the PDF
 * and the history (one shared value text, names sent by the APIs); exports hold every column by
 * default; times show in the workspace's time zone.
 */
let ctx: TestContext;
let w: TestWorkspace;
let templateId: string;
let formId: string;
const supervisorName = 'projectController Persona';

// Eight fields: more than the register shows by default, the last one far past the sixth.
const definition: TemplateDefinitionInput = {
  fields: [
    { id: 'title', type: 'singleLineText', label: 'Title' },
    { id: 'boss', type: 'singlePerson', label: 'Supervisor' },
    { id: 'day', type: 'date', label: 'Day' },
    { id: 'weather', type: 'singleLineText', label: 'Weather' },
    { id: 'crew', type: 'number', label: 'Crew' },
    { id: 'temp', type: 'number', label: 'Temperature', decimals: 1, unit: '°C' },
    { id: 'start', type: 'dateTime', label: 'Start' },
    { id: 'done', type: 'multiLineText', label: 'Work completed today' },
  ],
};
const supervisorField: Field = fieldSchema.parse(definition.fields[1]);

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
  ({ templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition,
    name: 'Daily Diary',
  }));
  const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), {
    templateId,
    values: {
      title: 'Monday',
      boss: w.personas.projectController.userId,
      day: '2026-11-23',
      weather: 'Fine',
      crew: 7,
      temp: 21.5,
      start: '2026-11-23T07:30:00+11:00',
      done: 'Poured the slab',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  formId = res.json().formId;
});
afterAll(() => ctx.close());

const run = () =>
  runPendingJobs(ctx.database.db, {
    [exportJobKind]: exportJobHandler(ctx.database.db, localDiskStorage(path.join(ctx.config.dataDir, 'files'))),
  });

async function exported(format: 'csv' | 'xlsx', body: Record<string, unknown> = {}): Promise<string> {
  const headers = await w.personas.teamMember.headers();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/exports`,
    headers,
    payload: { format, ...body },
  });
  expect(res.statusCode, res.body).toBe(202);
  await run();
  const file = await ctx.app.inject({
    method: 'GET',
    url: `/api/teams/${teamIdOf(w)}/exports/${res.json().exportId}/download`,
    headers,
  });
  expect(file.statusCode).toBe(200);
  if (format === 'csv') return file.body.replace(/^\uFEFF/, '');
  return unzip(file.rawPayload).get('xl/worksheets/sheet1.xml')?.toString() ?? '';
}

async function pdfText(query = '') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/teams/${teamIdOf(w)}/forms/${formId}/pdf${query}`,
    headers: await w.personas.teamMember.headers(),
  });
  expect(res.statusCode).toBe(200);
  if (process.env.PDF_SAMPLE_OUT) writeFileSync(process.env.PDF_SAMPLE_OUT, res.rawPayload);
  return (await readPdf(res.rawPayload)).text;
}

async function setTimeZone(timeZone: unknown, who = w.personas.orgController, workspaceId = w.workspaceId) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/workspaces/${workspaceId}`,
    headers: await who.headers(),
    payload: { timeZone },
  });
}

describe('a person field reads the same everywhere', () => {
  it('register API, CSV, XLSX, PDF and history all name the supervisor, never by id', async () => {
    const id = w.personas.projectController.userId;
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/register`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.rows[0].values.boss).toBe(id);
    expect(body.people[id]).toBe(supervisorName);
    const registerText = fieldValueText(supervisorField, body.rows[0].values.boss, {
      userName: (u) => body.people[u],
    });
    expect(registerText).toBe(supervisorName);

    const csv = await exported('csv');
    expect(csv).toContain(`,${supervisorName},`);
    expect(csv).not.toContain(id);
    const sheet = await exported('xlsx');
    expect(sheet).toContain(supervisorName);
    expect(sheet).not.toContain(id);
    const pdf = await pdfText();
    expect(pdf).toContain(supervisorName);
    expect(pdf).not.toContain(id);

    const version = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/forms/${formId}/versions/1`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(version.statusCode).toBe(200);
    const v = version.json();
    expect(fieldValueText(supervisorField, v.values.boss, { userName: (u) => v.people[u] })).toBe(registerText);
  });
});

describe('exports hold every column unless asked for the visible ones', () => {
  it('writes all eight fields by default, Work completed today included', async () => {
    const [header, row] = (await exported('csv', { columns: ['title', 'boss'] })).trim().split('\r\n');
    expect(header).toContain('Work completed today');
    expect(header).toContain('Temperature');
    expect(row).toContain('Poured the slab');
    expect(row).toContain('Nov 23, 2026');
  });

  it('writes only the visible fields when asked, and needs them named', async () => {
    const [header] = (await exported('csv', { columnSet: 'visible', columns: ['title', 'boss'] })).split('\r\n');
    expect(header).toBe('Number,Title,State,Created,Updated,Created by,Updated by,Title,Supervisor');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/exports`,
      headers: await w.personas.teamMember.headers(),
      payload: { format: 'csv', columnSet: 'visible' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(res.json())).toContain('columns');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/teams/${teamIdOf(w)}/templates/${templateId}/exports`,
      headers: await w.personas.teamMember.headers(),
      payload: { format: 'csv', columnSet: 'some' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the workspace's time zone", () => {
  it('org controllers set it (403 for others, 404 for another workspace, 400 for a bad zone)', async () => {
    expect((await setTimeZone('Australia/Sydney', w.personas.teamMember)).statusCode).toBe(403);
    expect((await setTimeZone('Australia/Sydney', w.personas.projectController)).statusCode).toBe(403);
    expect((await setTimeZone('Australia/Sydney', w.personas.outsider)).statusCode).toBe(404);
    expect((await setTimeZone('Australia/Sydney', w.personas.orgController, w.other.workspaceId)).statusCode).toBe(404);
    const bad = await setTimeZone('Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0]?.path ?? JSON.stringify(bad.json())).toContain('timeZone');
    expect((await setTimeZone(42)).statusCode).toBe(400);

    const res = await setTimeZone('Australia/Sydney');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ workspaceId: w.workspaceId, timeZone: 'Australia/Sydney' });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/workspaces/accessible',
      headers: await w.personas.teamMember.headers(),
    });
    expect(
      listed.json().workspaces.find((x: { workspaceId: string }) => x.workspaceId === w.workspaceId),
    ).toMatchObject({ timeZone: 'Australia/Sydney' });
  });

  it('PDFs and exports show times in it, not UTC', async () => {
    expect((await setTimeZone('Australia/Sydney')).statusCode).toBe(200);
    const pdf = await pdfText();
    expect(pdf).toMatch(/PDF created [\s\S]{0,40}GMT\+1[01]/);
    expect(pdf).toMatch(/Created .* GMT\+1[01]/);
    expect(pdf).not.toMatch(/Created [^\n]* UTC/);
    const [, row] = (await exported('csv')).trim().split('\r\n');
    expect(row).toMatch(/GMT\+1[01]/);

    expect((await setTimeZone('UTC')).statusCode).toBe(200);
    expect(await pdfText()).toMatch(/PDF created [\s\S]{0,40}UTC/);
  });

  it('a new workspace starts in the zone its creator sends', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: await w.personas.admin.headers(),
      payload: { name: 'Perth Builders', timeZone: 'Australia/Perth' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().timeZone).toBe('Australia/Perth');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: await w.personas.admin.headers(),
      payload: { name: 'Nowhere Builders', timeZone: 'Nowhere/Land' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

import path from 'node:path';
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
import { pdfDefinition, pdfValues } from '../../../test/pdf-fixtures.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { unzip } from '../../../test/unzip.ts';
import { localDiskStorage } from '../../files/storage.ts';
import { runPendingJobs } from '../../jobs/runner.ts';
import { pdfZipJobHandler, pdfZipJobKind } from './pdf-zip.service.ts';

let ctx: TestContext;
let w: TestWorkspace;
let formIds: string[];
let roleless: Persona;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 2 });
  const { templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
    folderId: teamIdOf(w),
    definition: pdfDefinition,
    name: 'Site Inspection',
  });
  formIds = [];
  for (const title of ['North wall', 'South wall', 'North wall']) {
    const values = { ...(await pdfValues(ctx, w, teamIdOf(w), { rows: 5, photos: 1 })), title };
    const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values });
    expect(res.statusCode, res.body).toBe(201);
    formIds.push(res.json().formId);
  }
  const user = await createUser(ctx.database.db);
  await addMember(ctx.database.db, w.workspaceId, user.userId);
  roleless = personaFor(ctx, user);
});
afterAll(() => ctx.close());

async function request(who: Persona, body: Record<string, unknown>, teamId = teamIdOf(w)) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/forms/pdf-exports`,
    headers: await who.headers(),
    payload: body,
  });
}

async function runJobs() {
  return runPendingJobs(ctx.database.db, {
    [pdfZipJobKind]: pdfZipJobHandler(ctx.database.db, localDiskStorage(path.join(ctx.config.dataDir, 'files'))),
  });
}

describe('PDF export of selected forms as a ZIP (job)', () => {
  it('queues, runs to Ready to download, and downloads one PDF per form with the template file names', async () => {
    const queued = await request(w.personas.teamMember, { formIds, timeZone: 'Europe/Berlin' });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json()).toMatchObject({ state: 'queued', stateLabel: 'Queued', formCount: 3, downloadUrl: null });
    const url = `/api/teams/${teamIdOf(w)}/pdf-exports/${queued.json().exportId}`;
    const early = await ctx.app.inject({
      method: 'GET',
      url: `${url}/download`,
      headers: await w.personas.teamMember.headers(),
    });
    expect(early.statusCode).toBe(409);

    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const state = await ctx.app.inject({ method: 'GET', url, headers: await w.personas.teamMember.headers() });
    expect(state.json()).toMatchObject({ state: 'ready', stateLabel: 'Ready to download', writtenCount: 3 });
    const download = await ctx.app.inject({
      method: 'GET',
      url: state.json().downloadUrl,
      headers: await w.personas.teamMember.headers(),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(String(download.headers['content-disposition'])).toMatch(
      /^attachment; filename="forms-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = unzip(download.rawPayload);
    const code = (
      await ctx.database.db.execute<{ template_code: string }>(
        sql`select template_code from templates where workspace_id = ${w.workspaceId} limit 1`,
      )
    ).rows[0]?.template_code.toUpperCase();
    expect([...entries.keys()]).toEqual([
      `SITE_${code}_NORTH_WALL_1.pdf`,
      `SITE_${code}_SOUTH_WALL_2.pdf`,
      `SITE_${code}_NORTH_WALL_3.pdf`,
    ]);
    const second = await readPdf(entries.get(`SITE_${code}_SOUTH_WALL_2.pdf`) as Buffer);
    expect(second.text).toContain('South wall');
    expect(second.text).toContain('Check item 5');
    expect(second.pages.reduce((n, p) => n + p.images, 0)).toBe(2);
  });

  it('names stay distinct when the template pattern repeats (a date): each gets its form number', async () => {
    const { templateId } = await createFormTemplate(ctx.database.db, w.workspaceId, {
      folderId: teamIdOf(w),
      name: 'Daily Diary',
      definition: {
        fields: [{ id: 'note', type: 'singleLineText', label: 'Note' }],
        pdfFilename: {
          parts: [
            { kind: 'metadata', key: 'templateName' },
            { kind: 'metadata', key: 'createdDate' },
          ],
        },
      },
    });
    const ids: string[] = [];
    for (const note of ['a', 'b', 'c']) {
      const res = await postForm(ctx, w.personas.teamMember, teamIdOf(w), { templateId, values: { note } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().formId);
    }
    const queued = await request(w.personas.teamMember, { formIds: ids });
    expect(queued.statusCode, queued.body).toBe(202);
    await runJobs();
    const state = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/pdf-exports/${queued.json().exportId}`,
      headers: await w.personas.teamMember.headers(),
    });
    const download = await ctx.app.inject({
      method: 'GET',
      url: state.json().downloadUrl,
      headers: await w.personas.teamMember.headers(),
    });
    const names = [...unzip(download.rawPayload).keys()];
    expect(names).toHaveLength(3);
    for (const [i, name] of names.entries())
      expect(name).toMatch(new RegExp(`^daily-diary-\\d{4}-\\d{2}-\\d{2}-${i + 1}\\.pdf$`));
    expect(names.join()).not.toContain('(2)');
  });

  it('answers Processing failed when none of the forms is left', async () => {
    const queued = await request(w.personas.orgController, { formIds: [formIds[0]] });
    await ctx.database.db.execute(sql`update forms set state = 'deleted' where form_id = ${formIds[0] as string}`);
    await runJobs();
    const state = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${teamIdOf(w)}/pdf-exports/${queued.json().exportId}`,
      headers: await w.personas.orgController.headers(),
    });
    expect(state.json()).toMatchObject({ state: 'failed', stateLabel: 'Processing failed', downloadUrl: null });
    await ctx.database.db.execute(sql`update forms set state = 'active' where form_id = ${formIds[0] as string}`);
  });

  it('400 for an empty selection, a bad id or a bad time zone', async () => {
    expect((await request(w.personas.teamMember, { formIds: [] })).statusCode).toBe(400);
    expect((await request(w.personas.teamMember, { formIds: ['x'] })).statusCode).toBe(400);
    expect((await request(w.personas.teamMember, { formIds, timeZone: 'Nowhere/Land' })).statusCode).toBe(400);
  });

  it('404 for forms of another team; 403 without a role; 404 for another workspace', async () => {
    const sibling = w.projects[0]?.teams[1]?.teamId as string;
    const elsewhere = await request(w.personas.orgController, { formIds }, sibling);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('formUnavailable');
    expect((await request(roleless, { formIds })).statusCode).toBe(403);
    expect((await request(w.personas.outsider, { formIds })).statusCode).toBe(404);
  });

  it('an export is seen only through its team and workspace', async () => {
    const queued = await request(w.personas.teamMember, { formIds });
    const exportId = queued.json().exportId;
    const get = async (who: Persona, teamId: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/teams/${teamId}/pdf-exports/${exportId}`,
        headers: await who.headers(),
      });
    expect((await get(w.personas.orgController, w.projects[0]?.teams[1]?.teamId as string)).statusCode).toBe(404);
    expect((await get(w.personas.outsider, teamIdOf(w))).statusCode).toBe(404);
    expect((await get(roleless, teamIdOf(w))).statusCode).toBe(403);
    await runJobs();
  });
});

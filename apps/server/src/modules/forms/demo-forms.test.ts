import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaFor } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database, ctx.config);
});
afterAll(() => ctx.close());

async function as(email: string) {
  const rows = await ctx.database.db.execute<{ user_id: string }>(
    sql`select user_id from users where email = ${email}`,
  );
  return personaFor(ctx, { userId: rows.rows[0]?.user_id as string, email }).headers();
}

describe('demo seed: forms', () => {
  it('fills forms of every demo template in the demo teams, each valid and readable', async () => {
    const rows = await ctx.database.db.execute<{
      template_id: string;
      n: number;
      folder_id: string;
      form_id: string;
    }>(sql`
      select f.template_id, f.folder_id, min(f.form_id::text) as form_id, count(*)::int as n
        from forms f group by f.template_id, f.folder_id`);
    const templates = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from templates`);
    expect(new Set(rows.rows.map((r) => r.template_id)).size).toBe(templates.rows[0]?.n);
    const headers = await as('org.controller@acme.example');
    for (const row of rows.rows) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/teams/${row.folder_id}/forms/${row.form_id}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('has a workflow form midway through its columns, with its approval signature', async () => {
    const rows = await ctx.database.db.execute<{ form_id: string; folder_id: string }>(sql`
      select f.form_id, f.folder_id from forms f join templates t using (workspace_id, template_id)
       where t.type = 'workflow' and f.workflow_column = 1`);
    expect(rows.rows.length).toBeGreaterThan(0);
    const row = rows.rows[0] as { form_id: string; folder_id: string };
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${row.folder_id}/forms/${row.form_id}`,
      headers: await as('org.controller@acme.example'),
    });
    const { form } = res.json();
    expect(form.workflow.column).toBe(1);
    expect(form.workflow.columns.length).toBeGreaterThan(2);
    expect(form.workflow.signatures).toHaveLength(1);
  });
});

describe('demo seed: photos', () => {
  type PhotoRow = { form_id: string; folder_id: string; workspace_id: string; name: string; photos: unknown };
  const photoRows = async () =>
    (
      await ctx.database.db.execute<PhotoRow>(sql`
        select f.form_id, f.folder_id, f.workspace_id, t.name, f.field_values -> field.id as photos
          from forms f
          join templates t using (workspace_id, template_id)
          join template_versions v on v.workspace_id = f.workspace_id and v.template_id = f.template_id
                                  and v.version = f.template_version
          cross join lateral jsonb_to_recordset(v.definition -> 'fields') as field(id text, type text)
         where field.type = 'photos' and jsonb_array_length(coalesce(f.field_values -> field.id, '[]')) > 0`)
    ).rows;

  it("shows the demo forms' photos in their teams' galleries, linked to their forms (issue 19)", async () => {
    const rows = await photoRows();
    const gallery = (
      await ctx.database.db.execute<{ form_id: string; team_id: string; photos: number | string }>(sql`
        select form_id, team_id, count(*) as photos from photos where source = 'form' group by form_id, team_id`)
    ).rows;
    expect(gallery.length).toBe(rows.length);
    for (const row of rows) {
      const entry = gallery.find((g) => g.form_id === row.form_id);
      expect(entry?.team_id).toBe(row.folder_id);
      expect(Number(entry?.photos)).toBe((row.photos as unknown[]).length);
    }
  });

  it('gives forms of each demo template with a photo field real photos, stored like uploads in the same workspace', async () => {
    const rows = await photoRows();
    expect(new Set(rows.map((r) => r.name))).toEqual(
      new Set(['Daily Site Diary', 'Site Inspection Checklist', 'Incident Report', 'Plant Register']),
    );
    const headers = await as('org.controller@acme.example');
    for (const row of rows) {
      const photos = row.photos as { fileId: string; caption?: string }[];
      for (const photo of photos) {
        expect(photo.caption).toBeTruthy();
        const file = (
          await ctx.database.db.execute<Record<string, unknown>>(sql`
            select workspace_id, folder_id, purpose, content_type, byte_size, width, height, sha256
              from files where file_id = ${photo.fileId}`)
        ).rows;
        // One record, in the form's workspace and team, with the sizes of the stored bytes.
        expect(file).toHaveLength(1);
        expect(file[0]).toMatchObject({
          workspace_id: row.workspace_id,
          folder_id: row.folder_id,
          purpose: 'photo',
          content_type: 'image/jpeg',
        });
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/companies/${row.workspace_id}/files/${photo.fileId}`,
          headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        const bytes = res.rawPayload;
        expect(bytes.length).toBe(file[0]?.byte_size);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file[0]?.sha256);
        const metadata = await sharp(bytes).metadata();
        expect(metadata).toMatchObject({ format: 'jpeg', width: file[0]?.width, height: file[0]?.height });
        expect(metadata.exif).toBeUndefined();
      }
    }
  });

  it('the workflow form midway has scene photos, and the diary gained its photos in a later save', async () => {
    const rows = await photoRows();
    const midway = await ctx.database.db.execute<{ form_id: string }>(sql`
      select form_id from forms where workflow_column = 1`);
    expect(rows.some((r) => midway.rows.some((m) => m.form_id === r.form_id))).toBe(true);

    const diary = rows.find((r) => r.name === 'Daily Site Diary') as PhotoRow;
    const headers = await as('org.controller@acme.example');
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/teams/${diary.folder_id}/forms/${diary.form_id}/versions`,
      headers,
    });
    expect(
      history
        .json()
        .versions.map((v: { change: string }) => v.change)
        .sort(),
    ).toEqual(['created', 'saved']);
    const version = async (n: number) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/teams/${diary.folder_id}/forms/${diary.form_id}/versions/${n}`,
          headers,
        })
      ).json().values;
    expect((await version(1)).photos).toBeUndefined();
    expect((await version(2)).photos).toHaveLength(2);
  });
});

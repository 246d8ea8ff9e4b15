import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type PersonaName, type TestWorkspace, teamIdOf } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let w: TestWorkspace;
let team: string;
let photoId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorkspace(ctx, { projects: 2, teamsPerProject: 2 });
  team = teamIdOf(w);
  photoId = await uploadTo(team, 'teamMember', 'IMG_0101.jpg');
});
afterAll(() => ctx.close());

async function uploadTo(teamId: string, persona: PersonaName, fileName: string) {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'teal' } })
    .jpeg()
    .toBuffer();
  const query = new URLSearchParams({ photoId: randomUUID(), fileName });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/photos?${query}`,
    headers: { ...(await w.personas[persona].headers()), 'content-type': 'image/jpeg' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function comment(
  payload: Record<string, unknown>,
  options: { persona?: PersonaName; teamId?: string; photo?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${options.teamId ?? team}/photos/${options.photo ?? photoId}/comments`,
    headers: await w.personas[options.persona ?? 'teamMember'].headers(),
    payload: { commentId: randomUUID(), ...payload },
  });
}

async function comments(options: { persona?: PersonaName; teamId?: string; photo?: string } = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/teams/${options.teamId ?? team}/photos/${options.photo ?? photoId}/comments`,
    headers: await w.personas[options.persona ?? 'teamMember'].headers(),
  });
}

async function outbox(to: string) {
  const result = await ctx.database.db.execute<{ subject: string; text_body: string }>(
    sql`select subject, text_body from mail_outbox where to_address = ${to} order by created_at`,
  );
  return result.rows;
}

describe('photo comments and mentions (issue 19.3)', () => {
  it('adds a comment with mentions, e-mails each person mentioned (not the author) and lists the comments oldest first', async () => {
    const controller = w.personas.teamController;
    const first = await comment({
      body: `  @${'teamController Persona'} the pour on grid C needs a look  `,
      mentions: [controller.userId, w.personas.teamMember.userId],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      photoId,
      body: '@teamController Persona the pour on grid C needs a look',
      author: { id: w.personas.teamMember.userId, name: 'teamMember Persona' },
      mentions: [
        { id: controller.userId, name: 'teamController Persona' },
        { id: w.personas.teamMember.userId, name: 'teamMember Persona' },
      ],
    });
    const mails = await outbox(controller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('teamMember Persona mentioned you on a photo');
    expect(mails[0]?.text_body).toContain('on the photo IMG_0101.jpg');
    expect(mails[0]?.text_body).toContain('the pour on grid C needs a look');
    expect(mails[0]?.text_body).toContain(`/photos/teams/${team}`);
    expect(await outbox(w.personas.teamMember.email)).toHaveLength(0);

    const second = await comment({ body: 'Done, re-poured.' }, { persona: 'visitor' });
    expect(second.statusCode).toBe(201);
    const list = await comments({ persona: 'projectMember' });
    expect(list.statusCode).toBe(200);
    expect(list.json().comments.map((c: { body: string }) => c.body)).toEqual([
      '@teamController Persona the pour on grid C needs a look',
      'Done, re-poured.',
    ]);
  });

  it('answers the same comment when it is sent again (retry), with no second e-mail', async () => {
    const commentId = randomUUID();
    const body = { commentId, body: 'Checked', mentions: [w.personas.projectController.userId] };
    const first = await comment(body);
    const again = await comment(body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(commentId);
    expect(await outbox(w.personas.projectController.email)).toHaveLength(1);
    // The same id on another photo is another comment's: refused.
    const otherPhoto = await uploadTo(team, 'teamMember', 'IMG_0102.jpg');
    expect((await comment(body, { photo: otherPhoto })).statusCode).toBe(409);
  });

  it('403 for someone of the workspace who cannot see the team; 404 for another workspace and an unknown photo', async () => {
    const otherTeam = teamIdOf(w, 1, 0);
    const theirs = await uploadTo(otherTeam, 'orgController', 'IMG_0200.jpg');
    expect((await comment({ body: 'Hi' }, { teamId: otherTeam, photo: theirs })).statusCode).toBe(403);
    expect((await comments({ teamId: otherTeam, photo: theirs })).statusCode).toBe(403);
    // A photo of another team, named through this team, is not found.
    expect((await comment({ body: 'Hi' }, { photo: theirs })).statusCode).toBe(404);
    expect((await comments({ photo: theirs })).statusCode).toBe(404);
    expect((await comment({ body: 'Hi' }, { photo: randomUUID() })).statusCode).toBe(404);
    // Another workspace: its team and this photo are not found by an outsider.
    expect((await comment({ body: 'Hi' }, { persona: 'outsider' })).statusCode).toBe(404);
    expect((await comments({ persona: 'outsider', teamId: teamIdOf(w.other) })).statusCode).toBe(404);
  });

  it('400 with field errors: an empty or too long comment, a mention of someone who cannot see the team', async () => {
    const empty = await comment({ body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toContain('application/problem+json');
    expect(empty.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.body' })]));
    const long = await comment({ body: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const outsider = await comment({ body: 'Look', mentions: [w.personas.outsider.userId] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors).toEqual([
      expect.objectContaining({ path: 'body.mentions.0', message: 'This person cannot see this team' }),
    ]);
    // Someone of the workspace who cannot see a team is refused there too.
    const otherTeam = teamIdOf(w, 0, 1);
    const there = await uploadTo(otherTeam, 'orgController', 'IMG_0300.jpg');
    const notThere = await comment(
      { body: 'Look', mentions: [w.personas.orgMember.userId, w.personas.teamMember.userId] },
      { persona: 'orgController', teamId: otherTeam, photo: there },
    );
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.mentions.1']);
    expect((await comment({ body: 'Hi', mentions: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await comment({ body: 'Hi', extra: 1 })).statusCode).toBe(400);
  });
});

describe('photo mention e-mails by locale', () => {
  it('e-mails each person mentioned in their locale (issue 26)', async () => {
    const controller = w.personas.teamController;
    await ctx.database.db.execute(sql`update users set locale = 'es' where user_id = ${controller.userId}`);
    try {
      const made = await comment({ body: 'Revisa la losa', mentions: [controller.userId] });
      expect(made.statusCode, made.body).toBe(201);
      const spanish = (await outbox(controller.email)).at(-1);
      expect(spanish?.subject).toBe('teamMember Persona te ha mencionado en una foto');
      expect(spanish?.text_body).toContain('sobre la foto IMG_0101.jpg');
    } finally {
      await ctx.database.db.execute(sql`update users set locale = null where user_id = ${controller.userId}`);
    }
  });
});

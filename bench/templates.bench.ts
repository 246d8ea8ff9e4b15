// Templates (issue 5), over HTTP from the production server (as `npm start` runs it): a template
// with 300 fields saved 50 times (goal p95 < 100 ms), its JSON fetched as the editor does (reported;
// the editor-open goal is the browser's, bench template-editor), and the Template Library list with
// 2,000 templates in 50 tabs (the sidebar's call). PGlite always; PostgreSQL too when DATABASE_URL
// is set.
import { randomUUID } from 'node:crypto';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { bigDefinition } from './lib/big-template.ts';
import { percentile, report } from './lib/figures.ts';
import { benchWorkspaceSql, inWorkspace } from './lib/in-workspace.ts';
import { prepareServerProcess } from './lib/server-process.ts';

const fieldCount = Number(process.env.BENCH_FIELDS ?? 300);
const templateCount = Number(process.env.BENCH_TEMPLATES ?? 2000);
const tabCount = Number(process.env.BENCH_TABS ?? 50);
const calls = Number(process.env.BENCH_CALLS ?? 50);
const warmup = 5;

type Server = Awaited<ReturnType<typeof prepareServerProcess>>;

async function seed(server: Server) {
  const workspaceId = randomUUID();
  const userId = randomUUID();
  const w = `'${workspaceId}'`;
  await server.database.execScript(
    inWorkspace(
      workspaceId,
      `${benchWorkspaceSql({
        workspaceId,
        name: 'Bench Co',
        controller: { userId, email: `bench-${userId}@example.com` },
        projects: 5,
        teamsPerProject: 4,
      })}
       -- The library: ${templateCount} templates, ${tabCount} tabs; most templates in one tab, some in two,
       -- one in ten untagged; each deployed to two or three of the 20 teams.
       insert into template_tabs (workspace_id, tab_id, name, style, sort_value)
         select ${w}, gen_random_uuid(), 'Tab ' || lpad(i::text, 2, '0'),
                (array['red','orange','yellow','lime','green','sky','dark-blue','light-blue','purple','pink','grey','shale'])[1 + i % 12], i
         from generate_series(0, ${tabCount - 1}) as i;
       insert into templates (workspace_id, template_id, folder_id, name, template_code, form_name, type)
         select ${w}, gen_random_uuid(), ${w}, 'Template ' || lpad(i::text, 5, '0'), 'T-' || i, 'Form',
                (array['timeline','workflow','register'])[1 + i % 3]
         from generate_series(1, ${templateCount}) as i;
       insert into template_versions (workspace_id, template_id, version, name, template_code, form_name, definition)
         select workspace_id, template_id, 1, name, template_code, form_name,
                '{"fields":[{"id":"a","type":"singleLineText","label":"A"}]}'::jsonb
         from templates where workspace_id = ${w};
       with numbered as (
         select template_id, row_number() over (order by template_id) as n from templates where workspace_id = ${w}
       ), tabs as (
         select tab_id, sort_value from template_tabs where workspace_id = ${w}
       )
       insert into template_tab_links (workspace_id, template_id, tab_id)
         select ${w}, n.template_id, t.tab_id from numbered n join tabs t
           on t.sort_value = n.n % ${tabCount} or (n.n % 7 = 0 and t.sort_value = (n.n + 1) % ${tabCount})
         where n.n % 10 <> 0;
       with numbered as (
         select template_id, row_number() over (order by template_id) as n from templates where workspace_id = ${w}
       ), teams as (
         select folder_id, row_number() over (order by folder_id) as m from folders where workspace_id = ${w} and kind = 'team'
       )
       insert into template_deployments (workspace_id, template_id, team_id)
         select ${w}, n.template_id, t.folder_id from numbered n join teams t on (n.n + t.m) % 8 = 0;`,
    ),
  );
  await server.database.execScript('analyze templates; analyze template_tab_links; analyze template_deployments;');
  return { workspaceId, userId };
}

async function timed(url: string, init: RequestInit, expected: number) {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  const ms = performance.now() - start;
  if (res.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, body };
}

async function run(driver: 'pglite' | 'pg', databaseUrl: string | null) {
  const server = await prepareServerProcess(databaseUrl);
  try {
    const seedStart = performance.now();
    const { workspaceId, userId } = await seed(server);
    const seedMs = performance.now() - seedStart;
    await loadSigningKeys(server.database.db);
    const token = await accessTokenFor(server.database.db, server.config, userId);
    await server.start();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Save a 300-field template 50 times, each save a new version.
    const base = { name: 'Large inspection', templateCode: `BIG-${randomUUID().slice(0, 6)}`, formName: 'Inspection' };
    const created = await timed(
      `${server.url}/api/companies/${workspaceId}/templates`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...base, type: 'timeline', definition: bigDefinition(fieldCount, 0) }),
      },
      201,
    );
    const { templateId } = JSON.parse(created.body) as { templateId: string };
    const saves: number[] = [];
    let payloadBytes = 0;
    for (let i = 0; i < warmup + calls; i++) {
      const payload = JSON.stringify({ ...base, expectedVersion: i + 1, definition: bigDefinition(fieldCount, i + 1) });
      payloadBytes = payload.length;
      const { ms } = await timed(
        `${server.url}/api/templates/${templateId}`,
        { method: 'PUT', headers, body: payload },
        200,
      );
      if (i >= warmup) saves.push(ms);
    }
    const saveExtra = { driver, fields: fieldCount, calls, payloadBytes };
    report(`templates.save300.${driver}.p50`, percentile(saves, 50), 'ms', saveExtra);
    report(`templates.save300.${driver}.p95`, percentile(saves, 95), 'ms', { ...saveExtra, goal: '< 100' });

    const opens: number[] = [];
    for (let i = 0; i < warmup + calls; i++) {
      const { ms } = await timed(`${server.url}/api/templates/${templateId}`, { headers }, 200);
      if (i >= warmup) opens.push(ms);
    }
    report(`templates.json300.${driver}.p95`, percentile(opens, 95), 'ms', {
      driver,
      fields: fieldCount,
      calls,
      note: "the editor's JSON call only; the editor-open goal is templateEditor.open.p95",
    });

    // The Template Library list: 2,000 templates in 50 tabs, with tabs and deployments.
    const lists: number[] = [];
    let bytes = 0;
    for (let i = 0; i < warmup + calls; i++) {
      const { ms, body } = await timed(
        `${server.url}/api/companies/${workspaceId}/templates?state=active`,
        { headers },
        200,
      );
      bytes = body.length;
      if (i >= warmup) lists.push(ms);
    }
    const listExtra = { driver, templates: templateCount + 1, tabs: tabCount, calls, bytes };
    report(`templates.library.${driver}.p50`, percentile(lists, 50), 'ms', listExtra);
    report(`templates.library.${driver}.p95`, percentile(lists, 95), 'ms', {
      ...listExtra,
      goal: '< 300',
      note: 'the sidebar',
    });
    report(`templates.seed.${driver}`, seedMs, 'ms', { templates: templateCount });
  } finally {
    await server.stop();
  }
}

await run('pglite', null);
if (process.env.DATABASE_URL) await run('pg', process.env.DATABASE_URL);

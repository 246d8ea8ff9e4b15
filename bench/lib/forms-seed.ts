import { randomUUID } from 'node:crypto';
import type { Config } from '@formwork/server/src/config.ts';
import type { Database } from '@formwork/server/src/db/client.ts';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { sortFields } from '@formwork/server/src/modules/forms/register-order.service.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { inWorkspace, workspaceSql } from './in-workspace.ts';
import type { SeedCache } from './postgres.ts';

const options = ['opt1', 'opt2', 'opt3', 'opt4', 'opt5'];

/**
 * A 30-field register template: 10 text, 5 number, 5 date, 5 dropdown, 5 Yes/No; its register
 * order is Number 1, highest first.
 */
export function benchDefinition() {
  const fields: Record<string, unknown>[] = [];
  for (let i = 1; i <= 10; i++) fields.push({ id: `text${i}`, type: 'singleLineText', label: `Text ${i}` });
  for (let i = 1; i <= 5; i++) fields.push({ id: `num${i}`, type: 'number', label: `Number ${i}` });
  for (let i = 1; i <= 5; i++) fields.push({ id: `date${i}`, type: 'date', label: `Date ${i}` });
  for (let i = 1; i <= 5; i++)
    fields.push({
      id: `dd${i}`,
      type: 'dropdown',
      label: `Dropdown ${i}`,
      options: options.map((id) => ({ id, label: id.toUpperCase() })),
    });
  for (let i = 1; i <= 5; i++) fields.push({ id: `yn${i}`, type: 'yesNo', label: `Yes/No ${i}`, withText: false });
  return { fields, logic: [], workflow: null, registerOrder: { fieldId: 'num1', direction: 'desc' } };
}

/**
 * The values of form `i` as SQL over generate_series' i: JSON text written out and cast once
 * (jsonb_build_object with 30 arguments cost a quarter more per row, and building the values is
 * most of the seed's time). Dates are ISO text (the seed sets DateStyle).
 */
function valuesSql(): string {
  const parts: string[] = [];
  for (let k = 1; k <= 10; k++) parts.push(`'"text${k}": "Text value ' || (i % ${97 + k}) || ' of field ${k}"'`);
  for (let k = 1; k <= 5; k++) parts.push(`'"num${k}": ' || ((i * ${k}) % 1000)`);
  for (let k = 1; k <= 5; k++) parts.push(`'"date${k}": "' || (date '2024-01-01' + ((i + ${k}) % 365)) || '"'`);
  // Dropdowns and answers from a hash of i: a value of i modulo a small number would be a function
  // of the number fields (num2 = 2i mod 1000 fixes i mod 5), and a filter on one would match whole
  // runs of the other's sort order, or none (ADR 0015).
  for (let k = 1; k <= 5; k++)
    parts.push(`'"dd${k}": "opt' || (1 + (hashint4(i * 31 + ${k}) & 2147483647) % 5) || '"'`);
  for (let k = 1; k <= 5; k++)
    parts.push(
      `'"yn${k}": {"answer": "' || case when (hashint4(i * 17 + ${k}) & 1) = 0 then 'yes' else 'no' end || '"}'`,
    );
  return `('{' || ${parts.join(" || ', ' || ")} || '}')::jsonb`;
}

/**
 * One workspace, team, org controller and 30-field template with `count` forms inserted set-based
 * (one statement), updated_at spread over time so sorts are realistic.
 */
export async function seedForms(
  target: { database: Database; config: Config },
  count: number,
  keyed: string[] = [],
  cache?: SeedCache,
) {
  const { database, config } = target;
  const ids = cache?.ids ?? (await insertForms(database, count, keyed));
  if (!cache?.ids) cache?.store(ids);
  const { workspaceId, teamId, templateId, userId } = ids;
  const w = `'${workspaceId}'`;
  await loadSigningKeys(database.db);
  const token = await accessTokenFor(database.db, config, userId);
  const cleanup = () =>
    database.execScript(
      inWorkspace(
        workspaceId,
        `delete from jobs where workspace_id = ${w};
         delete from forms where workspace_id = ${w};
         delete from form_counters where workspace_id = ${w};
         delete from template_sort_fields where workspace_id = ${w};
         delete from template_versions where workspace_id = ${w};
         delete from templates where workspace_id = ${w};
         delete from audit_events where workspace_id = ${w};
         delete from memberships where workspace_id = ${w};
         delete from workspace_users where workspace_id = ${w};
         delete from folders where workspace_id = ${w} and kind = 'team';
         delete from folders where workspace_id = ${w} and kind = 'project';
         delete from folders where workspace_id = ${w};
         delete from workspaces where workspace_id = ${w};
         delete from users where user_id = '${userId}';`,
      ),
    );
  return { workspaceId, teamId, templateId, userId, token, cleanup };
}

/** The ids of a seeded register (kept with a cached cluster, `bench/lib/postgres.ts`). */
export type SeedIds = { workspaceId: string; projectId: string; teamId: string; templateId: string; userId: string };

/** The fields the register and export benches key (the register order num1 always is). */
export const benchKeyedFields = ['num2', 'text3', 'date2', 'yn2'];

async function insertForms(database: Database, count: number, keyed: string[]): Promise<SeedIds> {
  const ids: SeedIds = {
    workspaceId: randomUUID(),
    projectId: randomUUID(),
    teamId: randomUUID(),
    templateId: randomUUID(),
    userId: randomUUID(),
  };
  const { workspaceId, projectId, teamId, templateId, userId } = ids;
  const w = `'${workspaceId}'`;
  const definition = JSON.stringify(benchDefinition()).replaceAll("'", "''");
  // The register order (num1) and the fields in `keyed` listed as keyed (as after a register was
  // sorted by them once): the seed writes their sort keys after the forms, as the insert trigger would.
  const sortable = sortFields(templateDefinitionSchema.parse(benchDefinition()))
    .filter((f) => f.fieldId === 'num1' || keyed.includes(f.fieldId))
    .map((f) => `(${w}, '${templateId}', '${f.fieldId}', '${f.kind}', true)`)
    .join(', ');
  // One transaction as the owner: the plain indexes of forms and form_sort_keys are dropped and
  // built again after the load (a sort over the loaded rows instead of 6,000,000 single inserts
  // into them), foreign-key checks and triggers are off (session_replication_role = replica: the
  // forms' rows name the rows inserted just before), and the sort keys are one INSERT ... SELECT
  // with the insert trigger's own definition. The rows themselves go in as the application role
  // under forced row-level security. 1,000,000 forms: minutes, not the 21 of one trigger-driven
  // statement (ADR 0016).
  await database.execScript(`begin;
    set local maintenance_work_mem = '512MB';
    set local datestyle = 'ISO, YMD';
    set local session_replication_role = replica;
    create temporary table seed_indexes on commit drop as
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
       where i.indrelid in ('forms'::regclass, 'form_sort_keys'::regclass)
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid);
    do $$ declare r record; begin
      for r in select name from seed_indexes loop execute 'drop index ' || r.name; end loop;
    end $$;
    ${inWorkspace(
      workspaceId,
      `insert into users (user_id, email, first_name, last_name) values ('${userId}', 'bench-${userId}@example.com', 'Bench', 'User');
       ${workspaceSql(workspaceId, 'Bench Co', 'premium')}
       insert into folders (workspace_id, folder_id, kind, name) values (${w}, ${w}, 'company', 'Bench Co');
       insert into folders (workspace_id, folder_id, kind, parent_id, name) values (${w}, '${projectId}', 'project', ${w}, 'P');
       insert into folders (workspace_id, folder_id, kind, parent_id, name) values (${w}, '${teamId}', 'team', '${projectId}', 'T');
       insert into workspace_users (workspace_id, user_id, user_type) values (${w}, '${userId}', 'contributor');
       insert into memberships (workspace_id, folder_id, user_id, role) values (${w}, ${w}, '${userId}', 'controller');
       insert into templates (workspace_id, template_id, folder_id, name, template_code, form_name, type)
         values (${w}, '${templateId}', '${teamId}', 'Bench Register', 'BR-1', 'Bench', 'register');
       insert into template_versions (workspace_id, template_id, version, name, template_code, form_name, definition)
         values (${w}, '${templateId}', 1, 'Bench Register', 'BR-1', 'Bench', '${definition}'::jsonb);
       insert into template_sort_fields (workspace_id, template_id, field_id, kind, keyed) values ${sortable};
       insert into forms (workspace_id, form_id, template_id, template_version, folder_id, number, title, field_values,
                          create_hash, created_by, updated_by, created_at, updated_at)
         select ${w}, gen_random_uuid(), '${templateId}', 1, '${teamId}', i, 'Bench ' || i, ${valuesSql()},
                'bench', '${userId}', '${userId}',
                timestamp '2024-01-01' + make_interval(secs => i * 60),
                timestamp '2024-01-01' + make_interval(secs => i * 60 + (i % 7) * 3)
           from generate_series(1, ${count}) as i;
       insert into form_counters (workspace_id, template_id, last_number) values (${w}, '${templateId}', ${count});
       insert into form_sort_keys (workspace_id, form_id, field_id, template_id, folder_id, state, num, txt)
         select f.workspace_id, f.form_id, s.field_id, f.template_id, f.folder_id, f.state,
                case when s.kind = 'number' then form_sort_number(f.field_values, s.field_id) end,
                case when s.kind <> 'number' then form_sort_text(f.field_values, s.field_id, s.kind) end
           from forms f
           join template_sort_fields s on s.workspace_id = f.workspace_id and s.template_id = f.template_id
          where f.workspace_id = ${w} and f.template_id = '${templateId}';`,
    )
      .replace(/^begin;/, '')
      .replace(/commit;\s*$/, '')}
    reset role;
    do $$ declare r record; begin
      for r in select definition from seed_indexes loop execute r.definition; end loop;
    end $$;
    commit;`);
  // As autovacuum would leave a freshly loaded table (and clear an earlier run's deleted rows).
  await database.execScript('vacuum analyze forms');
  await database.execScript('vacuum analyze form_sort_keys');
  return ids;
}

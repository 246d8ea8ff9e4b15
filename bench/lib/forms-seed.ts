import { randomUUID } from 'node:crypto';
import type { Config } from '@formwork/server/src/config.ts';
import type { Database } from '@formwork/server/src/db/client.ts';
import { loadSigningKeys } from '@formwork/server/src/idp/keys.ts';
import { sortFields } from '@formwork/server/src/modules/forms/register-order.service.ts';
import { accessTokenFor } from '@formwork/server/test/auth.ts';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { inWorkspace, workspaceSql } from './in-workspace.ts';

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

/** The values of form `i` as SQL (jsonb_build_object over generate_series' i). */
function valuesSql(): string {
  const parts: string[] = [];
  for (let k = 1; k <= 10; k++) parts.push(`'text${k}', 'Text value ' || (i % ${97 + k}) || ' of field ${k}'`);
  for (let k = 1; k <= 5; k++) parts.push(`'num${k}', (i * ${k}) % 1000`);
  for (let k = 1; k <= 5; k++) parts.push(`'date${k}', to_char(date '2024-01-01' + ((i + ${k}) % 365), 'YYYY-MM-DD')`);
  // Dropdowns and answers from a hash of i: a value of i modulo a small number would be a function
  // of the number fields (num2 = 2i mod 1000 fixes i mod 5), and a filter on one would match whole
  // runs of the other's sort order, or none (ADR 0015).
  for (let k = 1; k <= 5; k++) parts.push(`'dd${k}', 'opt' || (1 + (hashint4(i * 31 + ${k}) & 2147483647) % 5)`);
  for (let k = 1; k <= 5; k++)
    parts.push(
      `'yn${k}', jsonb_build_object('answer', case when (hashint4(i * 17 + ${k}) & 1) = 0 then 'yes' else 'no' end)`,
    );
  // jsonb_build_object takes at most 100 arguments: two halves joined.
  return `jsonb_build_object(${parts.slice(0, 15).join(', ')}) || jsonb_build_object(${parts.slice(15).join(', ')})`;
}

/**
 * One workspace, team, org controller and 30-field template with `count` forms inserted set-based
 * (one statement), updated_at spread over time so sorts are realistic.
 */
export async function seedForms(target: { database: Database; config: Config }, count: number, keyed: string[] = []) {
  const { database, config } = target;
  const workspaceId = randomUUID();
  const projectId = randomUUID();
  const teamId = randomUUID();
  const templateId = randomUUID();
  const userId = randomUUID();
  const w = `'${workspaceId}'`;
  const definition = JSON.stringify(benchDefinition()).replaceAll("'", "''");
  // The register order (num1) and the fields in `keyed` listed as keyed (as after a register was
  // sorted by them once): the trigger on forms writes their sort keys as the forms are inserted.
  const sortable = sortFields(templateDefinitionSchema.parse(benchDefinition()))
    .filter((f) => f.fieldId === 'num1' || keyed.includes(f.fieldId))
    .map((f) => `(${w}, '${templateId}', '${f.fieldId}', '${f.kind}', true)`)
    .join(', ');
  await database.execScript(
    inWorkspace(
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
       insert into form_counters (workspace_id, template_id, last_number) values (${w}, '${templateId}', ${count});`,
    ),
  );
  // As autovacuum would leave a freshly loaded table (and clear an earlier run's deleted rows).
  await database.execScript('vacuum analyze forms');
  await database.execScript('vacuum analyze form_sort_keys');
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

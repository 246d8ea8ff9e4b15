/** Runs statements in one transaction as the application role inside the workspace (forced RLS). */
export function inWorkspace(workspaceId: string, statements: string): string {
  return `begin;
    select set_config('app.workspace_id', '${workspaceId}', true);
    set local role formwork_app;
    ${statements}
    commit;`;
}

/**
 * SQL of a version-4-shaped uuid made from a SQL text expression (md5), so the API's contracts, which
 * check ids are RFC 4122 uuids, accept ids a set-based seed makes.
 */
export function seededUuidSql(seedExpression: string): string {
  return `overlay(overlay(md5(${seedExpression}) placing '4' from 13) placing '8' from 17)::uuid`;
}

/** SQL of a workspace on its own managed account (the account first: a workspace names its account). */
export function workspaceSql(workspaceId: string, name: string, plan: 'premium' | 'platinum'): string {
  return `insert into accounts (account_id, name, account_type, plan_type, subscription_status)
      values ('${workspaceId}', '${name}', 'managed', '${plan}', 'active');
    insert into workspaces (workspace_id, account_id, name, region) values ('${workspaceId}', '${workspaceId}', '${name}', 'local');`;
}

export interface BenchWorkspace {
  workspaceId: string;
  name: string;
  plan?: 'premium' | 'platinum';
  /** The org controller the bench signs in as (a password hash when a browser signs in). */
  controller: { userId: string; email: string; passwordHash?: string };
  /** Project folders named 'Project 00001'..., each with `teamsPerProject` teams 'Team 1'... */
  projects?: number;
  teamsPerProject?: number;
}

/**
 * SQL of a bench workspace, set-based: its org controller, the account and workspace, the company
 * folder and its projects of teams. Run it inside `inWorkspace`.
 */
export function benchWorkspaceSql(bench: BenchWorkspace): string {
  const { workspaceId, name, controller, projects = 0, teamsPerProject = 0 } = bench;
  const w = `'${workspaceId}'`;
  const passwordHash = controller.passwordHash ? `'${controller.passwordHash}'` : 'null';
  return `insert into users (user_id, email, first_name, last_name, password_hash)
      values ('${controller.userId}', '${controller.email}', 'Bench', 'Controller', ${passwordHash});
    ${workspaceSql(workspaceId, name, bench.plan ?? 'premium')}
    insert into folders (workspace_id, folder_id, kind, name) values (${w}, ${w}, 'company', '${name}');
    insert into folders (workspace_id, folder_id, kind, parent_id, name)
      select ${w}, gen_random_uuid(), 'project', ${w}, 'Project ' || lpad(i::text, 5, '0')
      from generate_series(1, ${projects}) as i;
    insert into folders (workspace_id, folder_id, kind, parent_id, name)
      select p.workspace_id, gen_random_uuid(), 'team', p.folder_id, 'Team ' || t
      from folders p cross join generate_series(1, ${teamsPerProject}) as t
      where p.workspace_id = ${w} and p.kind = 'project';
    insert into workspace_users (workspace_id, user_id, user_type) values (${w}, '${controller.userId}', 'contributor');
    insert into memberships (workspace_id, folder_id, user_id, role) values (${w}, ${w}, '${controller.userId}', 'controller');`;
}

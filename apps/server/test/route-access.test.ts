import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { routeContext } from '../src/authz/route-access.ts';
import { templateHome } from '../src/authz/scopes.ts';
import { addMember, createUser, createWorkspace, personaFor } from './factories.ts';
import { createTestApp, type TestContext, testConfig } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('route access', () => {
  it('a route without a declared access stops the app from starting', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database });
    app.get('/api/test/open', async () => 'oops');
    await expect(app.ready()).rejects.toThrow(/without a declared access: GET \/api\/test\/open/);
    await app.close().catch(() => {});
  });

  it('a permission route whose parameters name no scope stops the app from starting', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database });
    app.get('/api/test/widgets/:widgetId', { config: { access: { permission: 'folder.view' } } }, async () => 'oops');
    await expect(app.ready()).rejects.toThrow(
      /scope cannot be found: GET \/api\/test\/widgets\/:widgetId: its parameters \(widgetId\) name no scope/,
    );
    await app.close().catch(() => {});
  });

  it('a declared scope whose parameters the route lacks stops the app from starting', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database });
    app.put('/api/test/widgets/:widgetId', {
      config: { access: { permission: 'template.edit', scope: templateHome } },
      handler: async () => 'oops',
    });
    await expect(app.ready()).rejects.toThrow(/PUT \/api\/test\/widgets\/:widgetId: its scope "template home" needs/);
    await app.close().catch(() => {});
  });

  it('the route step enforces the declared verb on the scope of the parameters and hands over the context', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database });
    // A route with no check of its own: whatever is refused is refused by the route step.
    app.get('/api/test/teams/:teamId/probe', {
      config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
      handler: async (request) => {
        const access = routeContext(request);
        return { folderId: access.folder.folderId, workspaceId: access.workspace.workspaceId };
      },
    });
    await app.ready();
    try {
      const w = await createWorkspace(ctx, { projects: 1, teamsPerProject: 1 });
      const teamId = w.projects[0]?.teams[0]?.teamId as string;
      const user = await createUser(ctx.database.db);
      await addMember(ctx.database.db, w.workspaceId, user.userId);
      const roleless = personaFor(ctx, user);
      const probe = async (headers: Record<string, string>, id = teamId) =>
        app.inject({ method: 'GET', url: `/api/test/teams/${id}/probe`, headers });

      const allowed = await probe(await w.personas.orgController.headers());
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ folderId: teamId, workspaceId: w.workspaceId });
      const forbidden = await probe(await roleless.headers());
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('formAccessDenied');
      const otherTenant = await probe(await w.personas.outsider.headers());
      expect(otherTenant.statusCode).toBe(404);
      expect(otherTenant.json().code).toBe('teamNotFound');
      const missing = await probe(await w.personas.orgController.headers(), crypto.randomUUID());
      expect(missing.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the table of routes and their access is reviewed as a snapshot', () => {
    const ours = ctx.app.routeAccess
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url} -> ${r.access}`)
      .sort();
    expect(ours).toMatchSnapshot();
  });
});

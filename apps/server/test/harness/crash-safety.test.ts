import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, serverStorage, signInOver, startServer } from './running-server.ts';

/**
 * Writes are acknowledged only once committed: a stream of writes is cut by SIGKILL, the server
 * restarted on the same data, and every acknowledged write must be there, whole, once.
 * The writes: adding project folders (with their audit events), and creating and saving forms.
 */
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

type Api = { token: string; url: string };

async function api<T>(target: Api, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    body: (response.status < 500 ? await response.json().catch(() => undefined) : undefined) as T,
  };
}

type AckedSave = { formId: string; version: number; weather: string };

describe('crash safety', () => {
  it('keeps every acknowledged write across a SIGKILL, and none half-written', async () => {
    const storage = await serverStorage();
    server = await startServer(storage);
    const target = { url: server.url, token: await signInOver(server, 'org.controller@acme.example') };
    const { body } = await api<{ workspaces: { workspaceId: string }[] }>(target, 'GET', '/api/workspaces/accessible');
    const companyId = body.workspaces[0]?.workspaceId as string;

    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const name = `Crash ${++sent}`;
        try {
          const response = await api(target, 'POST', `/api/companies/${companyId}/projects`, { name });
          if (response.status === 200 || response.status === 201) acknowledged.push(name);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    await server.stop('SIGKILL');
    await Promise.all(writers);

    // Same address as before: the issuer (and so the token) is tied to PUBLIC_URL.
    server = await startServer(storage, Number(new URL(target.url).port));
    const after = { url: server.url, token: target.token };
    const tree = await api<{ projects: { name: string }[] }>(
      after,
      'GET',
      `/api/companies/${companyId}/folders?state=active`,
    );
    expect(tree.status).toBe(200);
    const names: string[] = tree.body.projects.map((p: { name: string }) => p.name);
    const crashNames = names.filter((n) => n.startsWith('Crash '));
    for (const name of acknowledged) expect(crashNames.filter((n) => n === name)).toHaveLength(1);
    expect(new Set(crashNames).size).toBe(crashNames.length);

    const events: { action: string; subjectName: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { events: typeof events; nextCursor: string | null } } = await api(
        after,
        'GET',
        `/api/companies/${companyId}/activity?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      events.push(...page.body.events);
      cursor = page.body.nextCursor;
    } while (cursor);
    const created = events.filter((e) => e.action === 'folder.created' && e.subjectName?.startsWith('Crash '));
    // Every folder that exists has its audit event: the two were written in one transaction.
    expect(created.map((e) => e.subjectName).sort()).toEqual([...crashNames].sort());
    await server.stop('SIGTERM');
    server = undefined;
  }, 120_000);

  it('keeps every acknowledged form save across a SIGKILL, with its history, and none half-written', async () => {
    const storage = await serverStorage();
    server = await startServer(storage);
    const target = { url: server.url, token: await signInOver(server, 'org.controller@acme.example') };
    const { body } = await api<{ workspaces: { workspaceId: string }[] }>(target, 'GET', '/api/workspaces/accessible');
    const companyId = body.workspaces[0]?.workspaceId as string;
    const tree = await api<{ projects: { teams: { folderId: string }[] }[] }>(
      target,
      'GET',
      `/api/companies/${companyId}/folders?state=active`,
    );
    const teamId = tree.body.projects[0]?.teams[0]?.folderId as string;
    const template = await api<{ templateId: string }>(target, 'POST', `/api/teams/${teamId}/templates`, {
      name: 'Crash diary',
      templateCode: 'CRASH-1',
      formName: 'Diary',
      type: 'timeline',
      definition: { fields: [{ id: 'weather', type: 'singleLineText', label: 'Weather', required: true }] },
    });
    expect(template.status).toBe(201);
    const templateId = template.body.templateId;

    const acked = new Map<string, AckedSave>();
    let killed = false;
    const writer = async (writerIndex: number) => {
      for (let round = 0; !killed; round++) {
        const formId = crypto.randomUUID();
        try {
          const created = await api<{ version: number }>(target, 'POST', `/api/teams/${teamId}/forms`, {
            formId,
            templateId,
            values: { weather: `w${writerIndex}-${round}-v1` },
          });
          if (created.status !== 201) continue;
          acked.set(formId, { formId, version: created.body.version, weather: `w${writerIndex}-${round}-v1` });
          for (let edit = 2; edit <= 3 && !killed; edit++) {
            const weather = `w${writerIndex}-${round}-v${edit}`;
            const saved = await api<{ version: number }>(target, 'PUT', `/api/teams/${teamId}/forms/${formId}`, {
              baseVersion: acked.get(formId)?.version,
              values: { weather },
            });
            if (saved.status === 200) acked.set(formId, { formId, version: saved.body.version, weather });
          }
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, i) => writer(i));
    while (acked.size < 30) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    await server.stop('SIGKILL');
    await Promise.all(writers);

    server = await startServer(storage, Number(new URL(target.url).port));
    const after = { url: server.url, token: target.token };
    for (const save of acked.values()) {
      const read = await api<{ form: { version: number; values: { weather: string } } }>(
        after,
        'GET',
        `/api/teams/${teamId}/forms/${save.formId}`,
      );
      expect(read.status, save.formId).toBe(200);
      // The acknowledged save is there; a later save may have committed without its answer arriving.
      expect(read.body.form.version).toBeGreaterThanOrEqual(save.version);
      if (read.body.form.version === save.version) expect(read.body.form.values.weather).toBe(save.weather);
      const history = await api<{ versions: unknown[] }>(
        after,
        'GET',
        `/api/teams/${teamId}/forms/${save.formId}/versions`,
      );
      // Every version the form claims has its immutable history row: nothing half-written.
      expect(history.body.versions).toHaveLength(read.body.form.version);
    }
    await server.stop('SIGTERM');
    server = undefined;
  }, 120_000);
});

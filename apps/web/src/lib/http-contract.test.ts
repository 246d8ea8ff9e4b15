import { folderTreeSchema } from '@formwork/shared/schemas/folders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './http.ts';

afterEach(() => vi.unstubAllGlobals());

function replying(body: unknown) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
}

const company = '00000000-0000-4000-8000-000000000001';
const tree = {
  company: { folderId: company, name: 'Acme' },
  state: 'active',
  projects: [],
  viewer: { isAdmin: false, isVisitorOnly: false, userType: 'contributor', roles: [] },
};

describe('apiRequest', () => {
  it('answers a reply that matches its contract', async () => {
    replying(tree);
    await expect(apiRequest('/api/companies/x/folders', { response: folderTreeSchema })).resolves.toEqual(tree);
  });

  it('fails loudly in tests (and development) on a reply that drifted from its contract', async () => {
    replying({ ...tree, projects: [{ folderId: 'not-an-id', name: 'P' }] });
    await expect(apiRequest('/api/companies/x/folders', { response: folderTreeSchema })).rejects.toThrow(
      /GET \/api\/companies\/x\/folders: the reply does not match its contract \(projects\.0\./,
    );
  });
});

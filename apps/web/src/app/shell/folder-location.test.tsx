import { type FolderTree, folderTreeSchema, type TreeState } from '@formwork/shared/schemas/folders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeReply } from '../../../test/fake-reply.ts';
import { folderKeys, rememberDeletedHere } from '../../features/folders/api/folder-tree.ts';
import { useFolderLocation } from './folder-location.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const projectId = '00000000-0000-4000-8000-0000000000a1';
const teamId = '00000000-0000-4000-8000-0000000000b1';
const otherTeamId = '00000000-0000-4000-8000-0000000000b2';
const keptTeamId = '00000000-0000-4000-8000-0000000000b3';

function tree(state: TreeState, teams: { folderId: string; name: string }[]): FolderTree {
  return fakeReply(folderTreeSchema, {
    company: { folderId: companyId, name: 'Acme' },
    state,
    projects:
      state === 'active'
        ? [
            {
              folderId: projectId,
              name: 'Riverside',
              state: 'active',
              teams: teams.map((team) => ({ ...team, state: 'active' })),
            },
          ]
        : [],
    viewer: {
      isAdmin: false,
      isVisitorOnly: false,
      userType: 'contributor',
      roles: [{ folderId: companyId, kind: 'company', path: [companyId], role: 'controller' }],
    },
  });
}

function setup(teamId: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(folderKeys.companyOf('team', teamId), companyId);
  queryClient.setQueryData(folderKeys.companyOf('project', projectId), companyId);
  queryClient.setQueryData(
    folderKeys.tree(companyId, 'active'),
    tree('active', [
      { folderId: teamId, name: 'Crew' },
      { folderId: otherTeamId, name: 'Office' },
    ]),
  );
  queryClient.setQueryData(folderKeys.tree(companyId, 'archived'), tree('archived', []));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ level, folderId }) => useFolderLocation(level, folderId), {
    wrapper,
    initialProps: { level: 'teams', folderId: teamId },
  });
  return { queryClient, hook };
}

describe('useFolderLocation', () => {
  it('keeps showing a folder deleted here, even after a render of the parent that React discarded (issue 14.9)', () => {
    const { queryClient, hook } = setup(teamId);
    expect(hook.result.current).toMatchObject({ status: 'found', location: { folderId: teamId } });

    // The app navigates to the parent in a transition: React renders the parent's route, then an
    // urgent update (the reloaded tree) interrupts it and renders the team's route again.
    hook.rerender({ level: 'projects', folderId: projectId });
    expect(hook.result.current).toMatchObject({ status: 'found', location: { folderId: projectId } });
    rememberDeletedHere([teamId]);
    queryClient.setQueryData(
      folderKeys.tree(companyId, 'active'),
      tree('active', [{ folderId: otherTeamId, name: 'Office' }]),
    );
    hook.rerender({ level: 'teams', folderId: teamId });

    // Not "missing" (which redirects to the first folder with "couldn't find this folder").
    expect(hook.result.current).toMatchObject({ status: 'found', location: { folderId: teamId, teamName: 'Crew' } });
  });

  it('reports a folder that is not in the trees, and not deleted here, as missing', () => {
    // Another team than the test above deletes (the folders deleted here are remembered per page).
    const { queryClient, hook } = setup(keptTeamId);
    queryClient.setQueryData(
      folderKeys.tree(companyId, 'active'),
      tree('active', [{ folderId: otherTeamId, name: 'Office' }]),
    );
    hook.rerender({ level: 'teams', folderId: keptTeamId });
    expect(hook.result.current).toEqual({ status: 'missing', companyId });
  });
});

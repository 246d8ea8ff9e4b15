import type { Person } from '@formwork/shared/schemas/people';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The feature's query keys. */
export const peopleKeys = {
  all: queryRoots.people,
  team: (teamId: string | undefined) => [...queryRoots.people, 'team', teamId] as const,
};

/** Everyone who can see the team folder: for person fields and action assignees. */
export function useTeamPeople(teamId: string | undefined) {
  return useQuery({
    queryKey: peopleKeys.team(teamId),
    queryFn: async () => (await apiRequest<{ people: Person[] }>(`/api/teams/${teamId}/people`)).people,
    enabled: Boolean(teamId),
    staleTime: 5 * 60_000,
  });
}

import type { Person } from '@formwork/shared/schemas/people';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** Everyone who can see the team folder: for person fields and action assignees. */
export function useTeamPeople(teamId: string | undefined) {
  return useQuery({
    queryKey: ['people', 'team', teamId],
    queryFn: async () => (await apiRequest<{ people: Person[] }>(`/api/teams/${teamId}/people`)).people,
    enabled: Boolean(teamId),
    staleTime: 5 * 60_000,
  });
}

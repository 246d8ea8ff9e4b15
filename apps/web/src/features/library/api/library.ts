import type { LibraryCatalogue, LibraryTemplate } from '@formwork/shared/schemas/library';
import type { Template } from '@formwork/shared/schemas/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** The folder a copy goes to: the Template Library (company) or a team's Templates. */
export type LibraryTarget = { kind: 'company' | 'team'; folderId: string };

const enc = encodeURIComponent;

export const libraryKeys = {
  all: ['library'] as const,
  catalogue: () => [...libraryKeys.all, 'catalogue'] as const,
  template: (libraryTemplateId: string) => [...libraryKeys.all, 'template', libraryTemplateId] as const,
};

/** The catalogue is the same for everyone and changes only with a release: kept for the session. */
export function useLibraryCatalogue() {
  return useQuery({
    queryKey: libraryKeys.catalogue(),
    queryFn: () => apiRequest<LibraryCatalogue>('/api/library-templates'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One free template with its definition, for the preview. */
export function useLibraryTemplate(libraryTemplateId: string | null) {
  return useQuery({
    queryKey: libraryKeys.template(libraryTemplateId ?? ''),
    queryFn: () => apiRequest<LibraryTemplate>(`/api/library-templates/${enc(libraryTemplateId ?? '')}`),
    enabled: libraryTemplateId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Copies a free template into the target folder; the folder's templates and activity refresh. */
export function useCopyLibraryTemplate(target: LibraryTarget) {
  const queryClient = useQueryClient();
  const folder = target.kind === 'company' ? 'companies' : 'teams';
  return useMutation({
    mutationFn: (libraryTemplateId: string) =>
      apiRequest<Template>(`/api/${folder}/${enc(target.folderId)}/library-templates/${enc(libraryTemplateId)}/copy`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.templates }),
        queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
      ]),
    meta: { handlesErrors: true },
  });
}

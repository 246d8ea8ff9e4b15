import { type Macro, type MacroBody, macroSchema, macrosSchema } from '@formwork/shared/schemas/macros';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { templateKeys } from './templates.ts';

const enc = encodeURIComponent;
const macrosPath = (templateId: string) => `/api/templates/${enc(templateId)}/macros`;
const macrosKey = (templateId: string) => [...templateKeys.all, 'macros', templateId] as const;

/** A template's macros (issue 24.3), with their receiver URLs and signing secrets. */
export function useTemplateMacros(templateId: string) {
  return useQuery({
    queryKey: macrosKey(templateId),
    queryFn: () => apiRequest<{ macros: Macro[] }>(macrosPath(templateId), { response: macrosSchema }),
    meta: { handlesErrors: true },
  });
}

function useRefresh(templateId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: macrosKey(templateId) }),
      // Forms offer the template's macros; the template's Activity names the change.
      queryClient.invalidateQueries({ queryKey: queryRoots.forms }),
      queryClient.invalidateQueries({ queryKey: queryRoots.activity }),
    ]);
}

/** Adds a macro (no id) or changes one. */
export function useSaveMacro(templateId: string) {
  const refresh = useRefresh(templateId);
  return useMutation({
    mutationFn: ({ macroId, body }: { macroId: string | null; body: MacroBody }) =>
      apiRequest<Macro>(macroId ? `${macrosPath(templateId)}/${enc(macroId)}` : macrosPath(templateId), {
        method: macroId ? 'PUT' : 'POST',
        body,
        response: macroSchema,
      }),
    onSuccess: () => void refresh(),
    meta: { handlesErrors: true },
  });
}

export function useDeleteMacro(templateId: string) {
  const refresh = useRefresh(templateId);
  return useMutation({
    mutationFn: (macroId: string) =>
      apiRequest<{ id: string }>(`${macrosPath(templateId)}/${enc(macroId)}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(),
    meta: { handlesErrors: true },
  });
}

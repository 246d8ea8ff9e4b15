import { formMacrosSchema, type MacroRunResult, macroRunResultSchema } from '@formwork/shared/schemas/macros';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { formKeys } from './forms.ts';

const enc = encodeURIComponent;
type FormMacros = z.infer<typeof formMacrosSchema>;
export type FormMacro = FormMacros['macros'][number];

const macrosPath = (teamId: string, formId: string) => `/api/teams/${enc(teamId)}/forms/${enc(formId)}/macros`;

/** The macros a form's template names (issue 24.3); asked only where the person may edit the form. */
export function useFormMacros(teamId: string, formId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...formKeys.one(teamId, formId), 'macros'],
    queryFn: () => apiRequest<FormMacros>(macrosPath(teamId, formId), { response: formMacrosSchema }),
    enabled,
    meta: { handlesErrors: true },
  });
}

/** Runs a macro on the saved form's version; written values make a new version (refetched). */
export function useRunMacro(teamId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ macroId, baseVersion }: { macroId: string; baseVersion: number }) =>
      apiRequest<MacroRunResult>(`${macrosPath(teamId, formId)}/${enc(macroId)}/run`, {
        method: 'POST',
        body: { baseVersion },
        response: macroRunResultSchema,
      }),
    onSuccess: (result) => {
      if (result.writtenFieldIds.length > 0) void queryClient.invalidateQueries({ queryKey: queryRoots.activity });
    },
    meta: { handlesErrors: true },
  });
}

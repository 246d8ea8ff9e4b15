import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FormFieldEnv, PersonOption } from '../../../components/form-fields/field-context.tsx';
import { apiBlob, apiRequest } from '../../../lib/http.ts';
import { fileUrl, formKeys, uploadFormFile } from '../api/forms.ts';

type RegisterRows = { rows: { formId: string; title: string; number: number }[] };

/** Forms of another template in the team, for relationship fields (a hook, called by the field). */
function useRelatedForms(teamId: string, templateId: string | null) {
  const query = useQuery({
    queryKey: formKeys.related(teamId, templateId),
    queryFn: () =>
      apiRequest<RegisterRows>(
        `/api/teams/${encodeURIComponent(teamId)}/templates/${encodeURIComponent(templateId as string)}/register?limit=200&columns=`,
      ),
    enabled: templateId !== null,
    meta: { handlesErrors: true },
    retry: false,
  });
  return {
    options: (query.data?.rows ?? []).map((r) => ({ formId: r.formId, title: r.title })),
    loading: templateId !== null && query.isPending,
  };
}

/** What the field components need on the form page: uploads to this team, files of this company. */
export function useFormEnv(input: {
  companyId: string;
  teamId: string;
  definition: TemplateDefinition;
  people: PersonOption[];
  signerName: string;
  mySignature?: FormFieldEnv['mySignature'];
  meta: FormFieldEnv['meta'];
}): FormFieldEnv {
  const { companyId, teamId, definition, people, signerName, mySignature, meta } = input;
  const keepLocation = definition.fields.some((f) => f.type === 'location');
  return useMemo(
    () => ({
      blocked: false,
      upload: (purpose, file) => uploadFormFile(companyId, teamId, purpose, file, purpose === 'photo' && keepLocation),
      fileUrl: (fileId) => fileUrl(companyId, fileId),
      loadFile: (url) => apiBlob(url),
      people,
      signerName,
      mySignature,
      teamId,
      useRelatedForms,
      meta,
    }),
    [companyId, teamId, keepLocation, people, signerName, mySignature, meta],
  );
}

import { type ListFieldItems, listFieldItemsSchema } from '@formwork/shared/schemas/list-fields';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  FormFieldEnv,
  ListFieldRef,
  ListItemsResult,
  PersonOption,
} from '../../../components/form-fields/field-context.tsx';
import { apiBlob, apiRequest } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
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

const listPageSize = 20;
const enc = encodeURIComponent;

/**
 * The items a list field offers in this team (issue 18.5), a page at a time from the server's
 * search (a hook, called by the field), asked by the field of the form's template version. Fetched
 * items stay fresh for 30 s.
 */
function useListItems(field: ListFieldRef, search: string, enabled: boolean): ListItemsResult {
  const { teamId, templateId, version, fieldId, columnId } = field;
  const query = useInfiniteQuery({
    queryKey: [...queryRoots.lists, 'field', teamId, templateId, version, fieldId, columnId ?? null, search],
    enabled: enabled && templateId !== '',
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(listPageSize) });
      if (search) params.set('search', search);
      if (pageParam) params.set('cursor', pageParam);
      if (columnId) params.set('column', columnId);
      return apiRequest<ListFieldItems>(
        `/api/teams/${enc(teamId)}/templates/${enc(templateId)}/versions/${version}/list-fields/${enc(fieldId)}/items?${params}`,
        { signal, response: listFieldItemsSchema },
      );
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
    meta: { handlesErrors: true },
    retry: false,
  });
  const first = query.data?.pages[0];
  return {
    items: query.data?.pages.flatMap((p) => p.items) ?? [],
    total: first?.total ?? 0,
    capped: first?.totalCapped ?? false,
    loading: query.isFetching,
    failed: query.isError,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
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
  /** The template version the form is filled on: list fields ask for their items by it. */
  template?: { templateId: string; version: number };
}): FormFieldEnv {
  const { companyId, teamId, definition, people, signerName, mySignature, meta } = input;
  const templateId = input.template?.templateId;
  const version = input.template?.version;
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
      useListItems,
      ...(templateId && version ? { template: { templateId, version } } : {}),
      meta,
    }),
    [companyId, teamId, keepLocation, people, signerName, mySignature, meta, templateId, version],
  );
}

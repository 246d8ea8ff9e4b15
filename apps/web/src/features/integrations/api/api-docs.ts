import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** The parts of the server's OpenAPI document (generated from the API's zod schemas) the page reads. */
type OpenApiOperation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type ApiOperation = {
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** Whether a personal API token may call it (else a sign-in only, or no credentials at all). */
  auth: 'token' | 'signIn' | 'public';
  parameters: { name: string; in: string; required: boolean }[];
  body: unknown;
  success: { status: string; schema: unknown } | null;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * A JSON Schema as people read it: without the `$schema` line and without the long pattern that
 * repeats what `format: uuid` already says.
 */
export function readableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(readableSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as Record<string, unknown>).filter(
    ([key]) => key !== '$schema' && !(key === 'pattern' && (schema as { format?: unknown }).format === 'uuid'),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, readableSchema(value)]));
}

/** The operations of the document, grouped by tag in the document's order of paths. */
export function apiOperations(document: OpenApiDocument): Map<string, ApiOperation[]> {
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
      const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      const tag = operation.tags?.[0] ?? 'other';
      const entry: ApiOperation = {
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        tag,
        auth: schemes.includes('apiToken') ? 'token' : schemes.length > 0 ? 'signIn' : 'public',
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required ?? false,
        })),
        body: readableSchema(operation.requestBody?.content?.['application/json']?.schema ?? null),
        success: success
          ? { status: success[0], schema: readableSchema(success[1].content?.['application/json']?.schema ?? null) }
          : null,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return groups;
}

export function useApiOperations() {
  return useQuery({
    queryKey: ['integrations', 'openapi'] as const,
    queryFn: async ({ signal }) =>
      apiOperations(await apiRequest<OpenApiDocument>('/api/openapi.json', { signal, anonymous: true })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

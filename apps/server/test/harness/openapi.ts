import type { App } from '../../src/http/types.ts';

/** The slice of JSON Schema the generated OpenAPI document uses. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  example?: unknown;
  examples?: unknown[];
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };

export type Operation = {
  method: string;
  /** OpenAPI form: /api/companies/{companyId}/folders */
  path: string;
  /** Fastify form: /api/companies/:companyId/folders */
  route: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** The access the route declares (permission verb, signedIn or public). */
  access: string;
};

/** Every operation of /api/openapi.json, with the access its route declares. */
export async function listOperations(app: App): Promise<Operation[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
    >;
  };
  const access = new Map(app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      const upper = method.toUpperCase();
      operations.push({
        method: upper,
        path,
        route,
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content?.['application/json']?.schema,
        access: access.get(`${upper} ${route}`) ?? 'unknown',
      });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

export function isUuidSchema(schema: JsonSchema | undefined): boolean {
  return schema?.format === 'uuid';
}

/** Whether the schema holds an id anywhere (a uuid field, or an array of them). */
export function schemaHasIds(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (isUuidSchema(schema)) return true;
  if (schema.items && schemaHasIds(schema.items)) return true;
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) if (list?.some(schemaHasIds)) return true;
  return Object.values(schema.properties ?? {}).some(schemaHasIds);
}

export function operationHasIds(operation: Operation): boolean {
  return operation.parameters.some((p) => isUuidSchema(p.schema)) || schemaHasIds(operation.body);
}

/** Fills the path template with values by parameter name. */
export function fillPath(operation: Operation, values: (name: string) => string): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values(name)));
}

/**
 * A valid instance of the schema: an example when the contract gives one, enums take their first value, strings a short word (or an id
 * from `idFor` by property name), numbers their minimum; optional properties are left out
 * unless they are ids or their contract gives an example (an optional field a rule may still ask
 * for, such as the activation's password unless the address signs in with single sign-on).
 */
export function sample(schema: JsonSchema, idFor: (name: string) => string, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  // A value no generic sample satisfies (an IANA time zone) is shown by its contract's example.
  const example = schema.example ?? schema.examples?.[0];
  if (example !== undefined) return example;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? (options[0] as JsonSchema), idFor, name);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], idFor, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const exemplified = property.example !== undefined || property.examples !== undefined;
        if (schema.required?.includes(key) || schemaHasIds(property) || exemplified)
          result[key] = sample(property, idFor, key);
      }
      return result;
    }
    case 'array':
      return schema.items
        ? Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
            sample(schema.items as JsonSchema, idFor, name),
          )
        : [];
    case 'string':
      if (schema.format === 'uuid') return idFor(name);
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'email') return 'probe@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      return 'Probe 1'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

import { type Template, templateSchema } from '@formwork/shared/schemas/templates';
import { assertReply, type ResponseSchema } from '../src/lib/http.ts';

/**
 * A reply a test fakes for the project's own API, checked against the contract's response schema
 * (from @formwork/shared) first: a fake that drifts from what the server answers fails the test
 * instead of proving something the server never does.
 */
export function fakeReply<T>(schema: ResponseSchema, value: T, call = 'faked API reply'): T {
  assertReply(schema, value, call);
  return value;
}

/** A template as GET /api/templates/:templateId answers it, with what a test sets. */
export function templateReply(
  overrides: Omit<Partial<Template>, 'definition'> &
    Pick<Template, 'templateId' | 'name' | 'type'> & {
      /** As a test writes it: the schema's defaults (header, footer, ...) may be left out. */
      definition: unknown;
    },
): Template {
  return fakeReply(
    templateSchema,
    {
      folderId: '00000000-0000-4000-8000-00000000f01d',
      isCompany: true,
      templateCode: 'TPL-1',
      formName: overrides.name,
      state: 'active',
      currentVersion: 1,
      tabIds: [],
      isDeployed: true,
      deployedTeamIds: [],
      updatedAt: '2026-01-01T00:00:00.000Z',
      path: ['00000000-0000-4000-8000-00000000f01d'],
      ...overrides,
    } as Template,
    `GET /api/templates/${overrides.templateId}`,
  );
}

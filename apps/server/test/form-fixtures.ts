import { randomUUID } from 'node:crypto';
import type { TemplateDefinitionInput } from '@formwork/shared/templates/template-definition';
import sharp from 'sharp';
import type { Persona, TestWorkspace } from './factories.ts';
import type { TestContext } from './test-app.ts';

/** A register template exercising the common field types; `title` is required. */
export const inspectionDefinition: TemplateDefinitionInput = {
  fields: [
    { id: 'title', type: 'singleLineText', label: 'Title', required: true },
    { id: 'when', type: 'date', label: 'Date' },
    { id: 'safe', type: 'yesNoNa', label: 'Safe?', withText: true },
    {
      id: 'colour',
      type: 'dropdown',
      label: 'Colour',
      options: [
        { id: 'red', label: 'Red' },
        { id: 'blue', label: 'Blue' },
      ],
    },
    { id: 'count', type: 'number', label: 'Count' },
    { id: 'double', type: 'formula', label: 'Double', expression: '{count} * 2', decimals: 0 },
    { id: 'where', type: 'location', label: 'Where' },
    { id: 'sig', type: 'signature', label: 'Signature' },
    { id: 'pics', type: 'photos', label: 'Photos' },
    { id: 'notes', type: 'multiLineText', label: 'Notes' },
  ],
};

/** Three columns (two moves, two approval signatures); `closing` is needed to close. */
export const workflowDefinition: TemplateDefinitionInput = {
  fields: [
    { id: 'title', type: 'singleLineText', label: 'Title' },
    { id: 'closing', type: 'multiLineText', label: 'Closing note', required: true },
    { id: 'review-sig', type: 'approvalSignature', label: 'Reviewed', columnId: 'review' },
    { id: 'close-sig', type: 'approvalSignature', label: 'Closed', columnId: 'closed' },
  ],
  workflow: {
    columns: [
      { id: 'open', name: 'Open' },
      { id: 'review', name: 'Review' },
      { id: 'closed', name: 'Closed' },
    ],
  },
};

export async function uploadSignature(ctx: TestContext, w: TestWorkspace, teamId: string, who?: Persona) {
  const png = await sharp({ create: { width: 16, height: 8, channels: 3, background: 'white' } })
    .png()
    .toBuffer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${w.companyId}/files?purpose=signature&folderId=${teamId}`,
    headers: { ...(await (who ?? w.personas.orgController).headers()), 'content-type': 'image/png' },
    payload: png,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().fileId as string;
}

/** Creates a form over HTTP; returns the response. */
export async function postForm(
  ctx: TestContext,
  who: Persona,
  teamId: string,
  body: { templateId: string; values?: Record<string, unknown>; formId?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/forms`,
    headers: await who.headers(),
    payload: { formId: body.formId ?? randomUUID(), templateId: body.templateId, values: body.values ?? {} },
  });
}

export type RegisterRow = { formId: string; number: number; values: Record<string, unknown>; updatedAt: string };

/** Every row of a register, following the keyset cursor `limit` rows at a time. */
export async function registerRows(
  ctx: TestContext,
  who: Persona,
  register: { teamId: string; templateId: string },
  query: Record<string, string | string[]>,
  limit = 5,
): Promise<RegisterRow[]> {
  const rows: RegisterRow[] = [];
  let cursor: string | null = null;
  do {
    const search: URLSearchParams = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    for (const [k, v] of Object.entries(query)) for (const item of ([] as string[]).concat(v)) search.append(k, item);
    const res: { statusCode: number; body: string; json: () => { rows: RegisterRow[]; nextCursor: string | null } } =
      await ctx.app.inject({
        method: 'GET',
        url: `/api/teams/${register.teamId}/templates/${register.templateId}/register?${search}`,
        headers: await who.headers(),
      });
    if (res.statusCode !== 200) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
    rows.push(...res.json().rows);
    cursor = res.json().nextCursor;
  } while (cursor);
  return rows;
}

import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Macro,
  type MacroBody,
  type MacroRunPayload,
  type MacroRunResult,
  macroAnswerMaxChars,
  macroAnswerSchema,
  macroMaxPerTemplate,
  macroRunEventType,
  macroTimeoutSeconds,
} from '@formwork/shared/schemas/macros';
import {
  webhookEventIdHeader,
  webhookEventTypeHeader,
  webhookSignatureHeader,
  webhookTimestampHeader,
} from '@formwork/shared/schemas/webhooks';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import { getForm, saveForm } from '../forms/forms.service.ts';
import { checkedAddresses, postToReceiver, ReceiverRefused } from '../webhooks/receiver.ts';
import { webhookSignature } from '../webhooks/webhooks.service.ts';
import * as queries from './macros.queries.ts';

/**
 * Form macros (issue 24.3, spec 7 and 8.2). The template's editors (`template.edit` on its home,
 * checked by the route step) name macros: a receiver URL, checked by the webhooks' guard against
 * private addresses, and a signing secret. A form's editors (`form.edit`) run one on the saved
 * form: the form is POSTed signed as a webhook delivery is, with no transaction open; the values
 * the receiver answers are written back through the form's own save (the same checks, one
 * transaction with its `form.saved` audit event naming the macro as its source, and the form's
 * version: a form changed meanwhile is not overwritten, 409 staleVersion).
 */

export type MacroDeps = { db: AppDb; allowPrivateAddresses: boolean };

function invalid(path: string, message: string): never {
  throw new AppError('validationFailed', { errors: [{ path, message }] });
}

async function checkedUrl(deps: MacroDeps, url: string): Promise<string> {
  try {
    await checkedAddresses(new URL(url).hostname, deps.allowPrivateAddresses);
  } catch (error) {
    if (error instanceof ReceiverRefused) invalid('body.url', error.message);
    throw error;
  }
  return url;
}

async function templateNameOf(tx: Tx, ctx: AccessContext, templateId: string): Promise<string> {
  const name = await queries.templateName(tx, ctx.workspace.workspaceId, templateId);
  if (name === undefined) throw new AppError('templateNotFound');
  return name;
}

async function macroOf(tx: Tx, ctx: AccessContext, templateId: string, macroId: string): Promise<Macro> {
  const macro = await queries.macroOfTemplate(tx, ctx.workspace.workspaceId, templateId, macroId);
  if (!macro) throw new AppError('notFound');
  return macro;
}

/** The template's Activity entry of a change to its macros. */
async function macroEvent(
  tx: Tx,
  ctx: AccessContext,
  action: 'template.macroAdded' | 'template.macroChanged' | 'template.macroRemoved',
  templateId: string,
  macro: { id: string; name: string; url: string },
) {
  await recordEvents(tx, [
    {
      workspaceId: ctx.workspace.workspaceId,
      actorUserId: ctx.user.userId,
      action,
      subjectType: 'template',
      subjectId: templateId,
      folderPath: [...ctx.folder.path],
      details: { name: await templateNameOf(tx, ctx, templateId), macro },
    },
  ]);
}

export async function listMacros(db: AppDb, ctx: AccessContext, templateId: string): Promise<{ macros: Macro[] }> {
  return {
    macros: await inScope(db, ctx.scope, (tx) => queries.macrosOfTemplate(tx, ctx.workspace.workspaceId, templateId)),
  };
}

export async function createMacro(
  deps: MacroDeps,
  ctx: AccessContext,
  templateId: string,
  body: MacroBody,
): Promise<Macro> {
  const url = await checkedUrl(deps, body.url);
  const workspaceId = ctx.workspace.workspaceId;
  const macroId = randomUUID();
  return inScope(deps.db, ctx.scope, async (tx) => {
    if ((await queries.countMacros(tx, workspaceId, templateId)) >= macroMaxPerTemplate)
      throw new AppError('conflict', { detail: `A template can have at most ${macroMaxPerTemplate} macros.` });
    await queries.insertMacro(tx, {
      workspaceId,
      templateId,
      macroId,
      name: body.name,
      url,
      secret: `mcsec_${randomBytes(24).toString('base64url')}`,
      userId: ctx.user.userId,
    });
    await macroEvent(tx, ctx, 'template.macroAdded', templateId, { id: macroId, name: body.name, url });
    return macroOf(tx, ctx, templateId, macroId);
  });
}

export async function updateMacro(
  deps: MacroDeps,
  ctx: AccessContext,
  templateId: string,
  macroId: string,
  body: MacroBody,
): Promise<Macro> {
  const url = await checkedUrl(deps, body.url);
  return inScope(deps.db, ctx.scope, async (tx) => {
    await macroOf(tx, ctx, templateId, macroId);
    await queries.updateMacro(tx, ctx.workspace.workspaceId, templateId, macroId, { name: body.name, url });
    await macroEvent(tx, ctx, 'template.macroChanged', templateId, { id: macroId, name: body.name, url });
    return macroOf(tx, ctx, templateId, macroId);
  });
}

export async function deleteMacro(
  db: AppDb,
  ctx: AccessContext,
  templateId: string,
  macroId: string,
): Promise<{ id: string }> {
  return inScope(db, ctx.scope, async (tx) => {
    const before = await macroOf(tx, ctx, templateId, macroId);
    await queries.deleteMacro(tx, ctx.workspace.workspaceId, templateId, macroId);
    await macroEvent(tx, ctx, 'template.macroRemoved', templateId, before);
    return { id: macroId };
  });
}

/** The macros a form's template names (only their names: the form's page offers them). */
export async function formMacros(
  db: AppDb,
  ctx: AccessContext,
  formId: string,
): Promise<{ macros: { id: string; name: string }[] }> {
  const { template } = await getForm(db, ctx, formId);
  const macros = await inScope(db, ctx.scope, (tx) =>
    queries.macrosOfTemplate(tx, ctx.workspace.workspaceId, template.templateId),
  );
  return { macros: macros.map(({ id, name }) => ({ id, name })) };
}

/**
 * A failed run: the person sees the spec's one message; `meta.reason` says which kind of failure
 * it was (never the receiver's own words or the network's, which a form's editor need not see).
 */
function failed(reason: 'addressRefused' | 'noAnswer' | 'status' | 'answer'): AppError {
  return new AppError('macroFailed', { meta: { reason } });
}

/** The receiver's answer read as values to write back: none for an empty answer. */
function answeredValues(excerpt: string | null): Record<string, unknown> {
  const text = (excerpt ?? '').trim();
  if (text === '') return {};
  if (text.length >= macroAnswerMaxChars) throw failed('answer');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw failed('answer');
  }
  const answer = macroAnswerSchema.safeParse(parsed);
  if (!answer.success) throw failed('answer');
  return answer.data.values ?? {};
}

/**
 * Runs a macro on the saved form: the version the person's page shows must be the form's (else
 * 409 staleVersion: there is something newer to see first). The receiver has
 * `macroTimeoutSeconds` to answer; no answer, an answer other than 2xx or an unreadable one is
 * 502 macroFailed. Answered values are saved over that same version.
 */
export async function runMacro(
  deps: MacroDeps,
  ctx: AccessContext,
  teamId: string,
  formId: string,
  macroId: string,
  baseVersion: number,
): Promise<MacroRunResult> {
  const { form, template } = await getForm(deps.db, ctx, formId);
  if (ctx.folder.state !== 'active' || form.state !== 'active') throw new AppError('formReadOnly');
  if (!form.access.edit) throw new AppError('formAccessDenied');
  if (form.version !== baseVersion) throw new AppError('staleVersion', { meta: { currentVersion: form.version } });
  const macro = await inScope(deps.db, ctx.scope, (tx) => macroOf(tx, ctx, template.templateId, macroId));
  const runId = randomUUID();
  const payload: MacroRunPayload = {
    type: macroRunEventType,
    runId,
    createdAt: new Date().toISOString(),
    workspaceId: ctx.workspace.workspaceId,
    macro: { id: macro.id, name: macro.name },
    actorUserId: ctx.user.userId,
    data: {
      formId: form.formId,
      teamId: form.teamId,
      templateId: form.templateId,
      templateVersion: form.templateVersion,
      number: form.number,
      title: form.title,
      state: form.state,
      version: form.version,
      values: form.values,
    },
  };
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const answer = await postToReceiver({
    url: macro.url,
    headers: {
      [webhookEventIdHeader]: runId,
      [webhookEventTypeHeader]: macroRunEventType,
      [webhookTimestampHeader]: timestamp,
      [webhookSignatureHeader]: webhookSignature(macro.secret, timestamp, body),
    },
    body,
    allowPrivate: deps.allowPrivateAddresses,
    timeoutMs: macroTimeoutSeconds * 1000,
    excerptChars: macroAnswerMaxChars,
  });
  if (answer.refused) throw failed('addressRefused');
  if (answer.error !== null || answer.statusCode === null) throw failed('noAnswer');
  if (answer.statusCode < 200 || answer.statusCode > 299) throw failed('status');
  const values = answeredValues(answer.excerpt);
  const writtenFieldIds = Object.keys(values);
  if (writtenFieldIds.length === 0) return { writtenFieldIds, version: form.version };
  const saved = await saveForm(
    deps.db,
    ctx,
    teamId,
    formId,
    { baseVersion, values: { ...form.values, ...values } },
    { macro: { id: macro.id, name: macro.name } },
  );
  return { writtenFieldIds, version: saved.version };
}

import { createHash, randomBytes } from 'node:crypto';
import { emailDomain } from '@formwork/shared/invitation-rules';
import type { Role } from '@formwork/shared/permissions';
import { type SsoConnection, type SsoMappings, ssoMessages, type ssoTestSchema } from '@formwork/shared/schemas/sso';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents, workspaceEvent } from '../activity/record-events.ts';
import * as queries from './sso.queries.ts';
import type { SecretBox } from './sso-secrets.ts';

export type SsoDeps = { db: AppDb; box: SecretBox; publicUrl: string };

/** A sign-in at the provider must come back within ten minutes. */
const attemptTtlMs = 10 * 60 * 1000;
const scopes = 'openid email profile';

export const ssoCallbackPath = '/idp/sso/callback';
export const redirectUri = (publicUrl: string) => `${publicUrl}${ssoCallbackPath}`;

const workspaceScope = (workspaceId: string): Scope => ({ workspaceId, userId: null, isAdmin: false });

/** Plain http only to a provider on this machine (a test or development provider). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

async function discover(issuer: string, clientId: string, clientSecret: string): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  return oidc.discovery(
    url,
    clientId,
    { client_secret: clientSecret },
    oidc.ClientSecretPost(clientSecret),
    isLoopback(url) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
  );
}

/** Starts a sign-in at the provider: the attempt is kept under its state, the browser goes to the URL. */
async function begin(
  deps: SsoDeps,
  tx: Tx,
  settings: { workspaceId: string; issuer: string; clientId: string; secretEnc: string; groupsClaim: string },
  purpose: 'signIn' | 'test',
  extra: { interactionUid?: string; startedBy?: string; loginHint?: string; followUp?: queries.SsoFollowUp },
): Promise<{ state: string; url: string }> {
  const config = await discover(settings.issuer, settings.clientId, deps.box.open(settings.secretEnc));
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await queries.insertAttempt(tx, {
    state,
    workspace_id: settings.workspaceId,
    purpose,
    interaction_uid: extra.interactionUid ?? null,
    code_verifier: codeVerifier,
    nonce,
    issuer: settings.issuer,
    client_id: settings.clientId,
    client_secret_enc: settings.secretEnc,
    groups_claim: settings.groupsClaim,
    started_by: extra.startedBy ?? null,
    follow_up: extra.followUp ?? null,
    expiresAt: new Date(Date.now() + attemptTtlMs),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps.publicUrl),
    scope: scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(extra.loginHint ? { login_hint: extra.loginHint } : {}),
  });
  return { state, url: url.href };
}

function toConnection(row: queries.ConnectionRow | undefined, publicUrl: string): SsoConnection {
  return {
    connected: row !== undefined,
    issuer: row?.issuer ?? null,
    clientId: row?.client_id ?? null,
    groupsClaim: row?.groups_claim ?? null,
    testedByEmail: row?.tested_by_email ?? null,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    redirectUri: redirectUri(publicUrl),
  };
}

function audit(tx: Tx, ctx: AccessContext, action: string, details: Record<string, unknown>) {
  return recordEvents(tx, [workspaceEvent(ctx.workspace.workspaceId, ctx.user.userId, action, details)]);
}

export async function getConnection(deps: SsoDeps, ctx: AccessContext): Promise<SsoConnection> {
  const row = await inScope(deps.db, ctx.scope, (tx) => queries.connection(tx, ctx.workspace.workspaceId));
  return toConnection(row, deps.publicUrl);
}

/**
 * An org controller tries a provider's settings: its discovery document must be readable (a field
 * error on the issuer otherwise); the answer is the provider's sign-in address, where someone signs
 * in to prove the client id and secret work. Nothing is saved until that test has signed someone in.
 */
export async function startTest(
  deps: SsoDeps,
  ctx: AccessContext,
  input: z.output<typeof ssoTestSchema>,
): Promise<{ testId: string; authorizationUrl: string }> {
  const issuer = input.issuer.replace(/\/$/, '');
  try {
    await discover(issuer, input.clientId, input.clientSecret);
  } catch {
    throw new AppError('validationFailed', {
      errors: [{ path: 'body.issuer', message: ssoMessages.issuerUnreachable }],
    });
  }
  return inScope(deps.db, ctx.scope, async (tx) => {
    const { state, url } = await begin(
      deps,
      tx,
      {
        workspaceId: ctx.workspace.workspaceId,
        issuer,
        clientId: input.clientId,
        secretEnc: deps.box.seal(input.clientSecret),
        groupsClaim: input.groupsClaim,
      },
      'test',
      { startedBy: ctx.user.userId },
    );
    return { testId: state, authorizationUrl: url };
  });
}

async function testOf(tx: Tx, ctx: AccessContext, testId: string) {
  const row = await queries.attempt(tx, testId);
  if (row?.purpose !== 'test' || row.workspace_id !== ctx.workspace.workspaceId) throw new AppError('notFound');
  return row;
}

export async function testResult(deps: SsoDeps, ctx: AccessContext, testId: string) {
  const row = await inScope(deps.db, ctx.scope, (tx) => testOf(tx, ctx, testId));
  return { issuer: row.issuer, clientId: row.client_id, signedInEmail: row.result_email };
}

/** Saves a tested connection: only one whose test signed someone in at the provider (409 before). */
export async function saveConnection(deps: SsoDeps, ctx: AccessContext, testId: string): Promise<SsoConnection> {
  return inScope(deps.db, ctx.scope, async (tx) => {
    const row = await testOf(tx, ctx, testId);
    if (!row.result_email) {
      throw new AppError('conflict', { detail: 'Sign in at the provider with this test before saving it.' });
    }
    await queries.upsertConnection(tx, {
      workspace_id: row.workspace_id,
      issuer: row.issuer,
      client_id: row.client_id,
      client_secret_enc: row.client_secret_enc,
      groups_claim: row.groups_claim,
      tested_by_email: row.result_email,
      updated_by: ctx.user.userId,
    });
    await queries.deleteAttempt(tx, testId);
    await audit(tx, ctx, 'sso.connected', { issuer: row.issuer, clientId: row.client_id, testedBy: row.result_email });
    return toConnection(await queries.connection(tx, row.workspace_id), deps.publicUrl);
  });
}

export async function disconnect(deps: SsoDeps, ctx: AccessContext): Promise<void> {
  await inScope(deps.db, ctx.scope, async (tx) => {
    if (!(await queries.deleteConnection(tx, ctx.workspace.workspaceId))) throw new AppError('notFound');
    await audit(tx, ctx, 'sso.disconnected', {});
  });
}

export async function getMappings(deps: SsoDeps, ctx: AccessContext): Promise<SsoMappings> {
  const rows = await inScope(deps.db, ctx.scope, (tx) => queries.mappings(tx, ctx.workspace.workspaceId));
  return { mappings: rows.map((r) => ({ group: r.group_name, folderId: r.folder_id, role: r.role })) };
}

/** Replaces the group -> folder and level table; a folder of another workspace is 404 (not revealed). */
export async function putMappings(deps: SsoDeps, ctx: AccessContext, input: SsoMappings): Promise<SsoMappings> {
  const rows = input.mappings.map((m) => ({ group_name: m.group, folder_id: m.folderId, role: m.role }));
  const unique = new Map(rows.map((r) => [`${r.group_name}\u0000${r.folder_id}`, r]));
  await inScope(deps.db, ctx.scope, async (tx) => {
    if (!(await queries.replaceMappings(tx, ctx.workspace.workspaceId, [...unique.values()]))) {
      throw new AppError('folderNotFound');
    }
    await audit(tx, ctx, 'sso.groupsMapped', { mappings: unique.size });
  });
  return getMappings(deps, ctx);
}

/** The workspace whose verified domain the address is at, when that workspace has connected a provider. */
async function connectionForEmail(db: AppDb, email: string): Promise<queries.ConnectionRow | undefined> {
  const holder = await inScope(db, systemScope, (tx) => queries.connectionForDomain(tx, emailDomain(email)));
  if (!holder) return undefined;
  return inScope(db, workspaceScope(holder.workspace_id), (tx) => queries.connection(tx, holder.workspace_id));
}

/**
 * Spec 1, 4.5: whether the address signs in with single sign-on (its domain is verified by a workspace
 * that has connected its provider). Such a person sets no password: activation and sign-up go
 * through their provider instead.
 */
export async function signsInWithSso(db: AppDb, email: string): Promise<boolean> {
  return (await connectionForEmail(db, email)) !== undefined;
}

async function startAt(
  deps: SsoDeps,
  row: queries.ConnectionRow,
  email: string,
  interactionUid: string,
  followUp?: queries.SsoFollowUp,
): Promise<string> {
  return inScope(deps.db, workspaceScope(row.workspace_id), async (tx) => {
    const { url } = await begin(
      deps,
      tx,
      {
        workspaceId: row.workspace_id,
        issuer: row.issuer,
        clientId: row.client_id,
        secretEnc: row.client_secret_enc,
        groupsClaim: row.groups_claim,
      },
      'signIn',
      { interactionUid, loginHint: email, ...(followUp ? { followUp } : {}) },
    );
    return url;
  });
}

/**
 * The sign-in page asks this first: a person whose e-mail domain a workspace has proven and
 * connected to its provider signs in there, not with a password. Answers the provider's address
 * (the attempt kept under its state), or undefined for everyone else.
 */
export async function singleSignOnFor(
  deps: SsoDeps,
  email: string,
  interactionUid: string,
): Promise<string | undefined> {
  const row = await connectionForEmail(deps.db, email);
  return row ? startAt(deps, row, email, interactionUid) : undefined;
}

/** A ticket lasts as long as a sign-in at the provider may take. */
const ticketTtlMs = attemptTtlMs;
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Issues 16.3, 17.1: an activation or sign-up of a single sign-on address hands over to the sign-in
 * with a single-use ticket (written in the caller's transaction). What it is for is done only when
 * the provider has proven the address (`followUps` of handleCallback, by its kind).
 */
export async function issueSsoTicket(tx: Tx, followUp: queries.SsoFollowUp): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await queries.insertTicket(tx, {
    ticketHash: hashTicket(ticket),
    followUp: { ...followUp, email: followUp.email.toLowerCase() },
    expiresAt: new Date(Date.now() + ticketTtlMs),
  });
  return ticket;
}

/**
 * The sign-in started with a ticket: the ticket is used up and the person goes to their company's
 * provider, the attempt carrying what the ticket was for. Undefined for an unknown, used or expired
 * ticket, or when the address no longer signs in with single sign-on.
 */
export async function singleSignOnForTicket(
  deps: SsoDeps,
  ticket: string,
  interactionUid: string,
): Promise<string | undefined> {
  const followUp = await inScope(deps.db, systemScope, (tx) => queries.useTicket(tx, hashTicket(ticket)));
  if (!followUp) return undefined;
  const row = await connectionForEmail(deps.db, followUp.email);
  return row ? startAt(deps, row, followUp.email, interactionUid, followUp) : undefined;
}

/** Why a follow-up refused: a message of the provider's pages. */
export type FollowUpRefusal = 'ssoFailed' | 'activationIdRevoked' | 'activationIdInvalid';

/**
 * Does what a ticket was for, once the provider proved the address: by kind, the module's own
 * handler (wired where the provider's pages are), given the ticket's data and the proven person.
 */
export type FollowUpHandlers = Record<
  string,
  (
    data: Record<string, unknown>,
    person: { email: string; firstName: string; lastName: string },
  ) => Promise<'ok' | FollowUpRefusal>
>;

export type CallbackOutcome =
  | { kind: 'signIn'; interactionUid: string; state: string }
  | { kind: 'test'; workspaceId: string }
  | { kind: 'refused'; reason: 'ssoDomainNotVerified' | 'ssoDeactivated' | 'ssoWrongAccount' | FollowUpRefusal };

function stringClaim(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The provider's answer (GET /idp/sso/callback?code&state): the code is exchanged (PKCE, state and
 * nonce checked by openid-client), the person is found or, the first time, created with the
 * default level (just-in-time provisioning), and their groups set their levels. A test only
 * records who signed in.
 */
export async function handleCallback(
  deps: SsoDeps,
  currentUrl: URL,
  followUps: FollowUpHandlers = {},
): Promise<CallbackOutcome> {
  const state = currentUrl.searchParams.get('state') ?? '';
  const found = state ? await inScope(deps.db, systemScope, (tx) => queries.attempt(tx, state)) : undefined;
  if (!found || found.result_email || !found.code_verifier) return { kind: 'refused', reason: 'ssoFailed' };
  const attempt = found;
  let claims: Record<string, unknown>;
  try {
    const config = await discover(attempt.issuer, attempt.client_id, deps.box.open(attempt.client_secret_enc));
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (!(attempt.groups_claim in claims) || !claims.email) {
      const sub = stringClaim(claims.sub);
      Object.assign(claims, await oidc.fetchUserInfo(config, tokens.access_token, sub), { ...claims });
    }
  } catch {
    await inScope(deps.db, systemScope, (tx) => queries.deleteAttempt(tx, attempt.state));
    return { kind: 'refused', reason: 'ssoFailed' };
  }
  const email = stringClaim(claims.email).toLowerCase();
  if (!email || claims.email_verified === false) {
    await inScope(deps.db, systemScope, (tx) => queries.deleteAttempt(tx, attempt.state));
    return { kind: 'refused', reason: 'ssoFailed' };
  }
  if (attempt.purpose === 'test') {
    await inScope(deps.db, systemScope, (tx) => queries.completeAttempt(tx, attempt.state, { userId: null, email }));
    return { kind: 'test', workspaceId: attempt.workspace_id };
  }
  const groups = Array.isArray(claims[attempt.groups_claim])
    ? (claims[attempt.groups_claim] as unknown[]).filter((g): g is string => typeof g === 'string')
    : [];
  const person = { email, firstName: stringClaim(claims.given_name), lastName: stringClaim(claims.family_name) };
  // An activation or sign-up: done first (an invited person then has the invited level, not the
  // default one), and only for the address it was for.
  if (attempt.follow_up) {
    const refuse = async (reason: Extract<CallbackOutcome, { kind: 'refused' }>['reason']) => {
      await inScope(deps.db, systemScope, (tx) => queries.deleteAttempt(tx, attempt.state));
      return { kind: 'refused', reason } as const;
    };
    if (attempt.follow_up.email !== email) return refuse('ssoWrongAccount');
    const handler = followUps[attempt.follow_up.kind];
    const done = handler ? await handler(attempt.follow_up.data, person) : 'ssoFailed';
    if (done !== 'ok') return refuse(done);
  }
  const outcome = await inScope(deps.db, workspaceScope(attempt.workspace_id), (tx) =>
    provision(tx, attempt, { ...person, groups }),
  );
  if (outcome !== 'ok') return { kind: 'refused', reason: outcome };
  return { kind: 'signIn', interactionUid: attempt.interaction_uid ?? '', state: attempt.state };
}

/** The default level of a person created by their first single sign-on: member of the company. */
export const defaultSsoRole: Role = 'member';

async function provision(
  tx: Tx,
  attempt: queries.AttemptRow,
  person: { email: string; firstName: string; lastName: string; groups: string[] },
): Promise<'ok' | 'ssoDomainNotVerified' | 'ssoDeactivated'> {
  const workspaceId = attempt.workspace_id;
  const holder = await queries.connectionForDomain(tx, emailDomain(person.email));
  if (holder?.workspace_id !== workspaceId) return 'ssoDomainNotVerified';
  const existing = await queries.personByEmail(tx, workspaceId, person.email);
  if (existing?.deactivated) return 'ssoDeactivated';
  const events: Parameters<typeof recordEvents>[1] = [];
  const userId =
    existing?.user_id ??
    (await queries.insertSsoUser(tx, {
      email: person.email,
      firstName: person.firstName || (person.email.split('@')[0] ?? ''),
      lastName: person.lastName,
    }));
  await queries.markSso(tx, userId);
  if (!existing?.in_workspace) {
    await queries.addToWorkspace(tx, workspaceId, userId);
    await queries.putRole(tx, workspaceId, workspaceId, userId, defaultSsoRole);
    events.push({
      workspaceId,
      actorUserId: userId,
      action: 'sso.provisioned',
      subjectType: 'user',
      subjectId: userId,
      folderPath: [workspaceId],
      details: { email: person.email, role: defaultSsoRole, created: !existing },
    });
  }
  // The groups' levels, at each sign-in: the highest level a group of theirs maps to at each mapped
  // folder; a mapped folder none of their groups maps to loses the level (the company keeps the default).
  const table = await queries.mappings(tx, workspaceId);
  const folders = [...new Set(table.map((m) => m.folder_id))];
  const wanted = new Map<string, Role>();
  for (const m of table) {
    if (!person.groups.includes(m.group_name)) continue;
    if (wanted.get(m.folder_id) !== 'controller') wanted.set(m.folder_id, m.role);
  }
  const current = await queries.rolesAt(tx, workspaceId, userId, folders);
  const changes: { folderId: string; from: Role | null; to: Role | null }[] = [];
  for (const folderId of folders) {
    const to = wanted.get(folderId) ?? (folderId === workspaceId ? defaultSsoRole : null);
    const from = current.get(folderId) ?? null;
    if (to === from) continue;
    if (to) await queries.putRole(tx, workspaceId, folderId, userId, to);
    else await queries.dropRole(tx, workspaceId, folderId, userId);
    changes.push({ folderId, from, to });
  }
  if (changes.length > 0) {
    events.push({
      workspaceId,
      actorUserId: userId,
      action: 'sso.groupsApplied',
      subjectType: 'user',
      subjectId: userId,
      folderPath: [workspaceId],
      details: { groups: person.groups, changes },
    });
  }
  await recordEvents(tx, events);
  await queries.completeAttempt(tx, attempt.state, { userId, email: person.email });
  return 'ok';
}

/** The interaction's end: the person the callback signed in, once, for this interaction only. */
export async function redeemSignIn(db: AppDb, state: string, interactionUid: string): Promise<string | undefined> {
  return inScope(db, systemScope, async (tx) => {
    const row = await queries.attempt(tx, state);
    if (row?.purpose !== 'signIn' || row.interaction_uid !== interactionUid || !row.result_user_id) {
      return undefined;
    }
    await queries.deleteAttempt(tx, state);
    return row.result_user_id;
  });
}

/** A fresh random key for the secret box when SSO_SECRET_KEY is not set (kept in the database). */
export const newSecretKey = () => randomBytes(32).toString('base64url');

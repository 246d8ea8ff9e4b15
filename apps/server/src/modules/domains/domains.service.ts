import { createHash, randomBytes } from 'node:crypto';
import { emailDomain } from '@formwork/shared/invitation-rules';
import {
  type AddDomain,
  type DomainEmailLink,
  domainMessages,
  txtRecordPrefix,
  type VerifiedDomain,
} from '@formwork/shared/schemas/domains';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Scope, systemScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recipientLocales } from '../../i18n/recipient-locale.ts';
import { textsIn } from '../../i18n/texts.ts';
import { enqueueMail } from '../../mail/mail.ts';
import { recordEvents, workspaceEvent } from '../activity/record-events.ts';
import type { DomainResolver } from './domain-resolver.ts';
import * as queries from './domains.queries.ts';

export type DomainDeps = { db: AppDb; resolver: DomainResolver; publicUrl: string };

/** An e-mailed proving link lives a week: long enough for someone else at the company to open it. */
export const domainLinkTtlMs = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toDomain(row: queries.DomainRow): VerifiedDomain {
  return {
    domain: row.domain,
    verifiedAt: row.verified_at === null ? null : new Date(row.verified_at).toISOString(),
    method: row.method,
    txtRecord: { name: row.domain, value: `${txtRecordPrefix}${row.txt_token}` },
    emailSentTo: row.verified_at === null ? row.email_sent_to : null,
  };
}

function audit(tx: Tx, ctx: AccessContext, action: string, domain: string, details: Record<string, unknown> = {}) {
  return recordEvents(tx, [workspaceEvent(ctx.workspace.workspaceId, ctx.user.userId, action, { domain, ...details })]);
}

async function existing(tx: Tx, ctx: AccessContext, domain: string): Promise<queries.DomainRow> {
  const row = await queries.findDomain(tx, ctx.workspace.workspaceId, domain.toLowerCase());
  if (!row) throw new AppError('domainNotFound');
  return row;
}

/** The workspace's domains, proven or waiting (spec 1; issue 23.2). */
export async function listDomains(db: AppDb, ctx: AccessContext): Promise<VerifiedDomain[]> {
  const rows = await inScope(db, ctx.scope, (tx) => queries.listDomains(tx, ctx.workspace.workspaceId));
  return rows.map(toDomain);
}

/**
 * An org controller adds a company domain to prove: it gets its TXT record's value. A domain
 * another workspace has proven is refused (409); adding one the workspace has already is a no-op.
 */
export async function addDomain(db: AppDb, ctx: AccessContext, input: AddDomain): Promise<VerifiedDomain> {
  const { workspaceId } = ctx.workspace;
  return inScope(db, ctx.scope, async (tx) => {
    const holder = await queries.domainHolder(tx, input.domain);
    if (holder && holder !== workspaceId) throw new AppError('domainTaken');
    const row = await queries.insertDomain(tx, {
      workspaceId,
      domain: input.domain,
      txtToken: randomBytes(18).toString('base64url'),
      createdBy: ctx.user.userId,
    });
    if (!row) return toDomain(await existing(tx, ctx, input.domain));
    await audit(tx, ctx, 'domain.added', input.domain);
    return toDomain(row);
  });
}

/**
 * Proves the domain by its DNS TXT record: one of the domain's TXT records must be exactly the
 * value the workspace was given. Not there yet: 400 domainNotProven (nothing changes).
 */
export async function verifyByDns(deps: DomainDeps, ctx: AccessContext, domain: string): Promise<VerifiedDomain> {
  const row = await inScope(deps.db, ctx.scope, (tx) => existing(tx, ctx, domain));
  if (row.verified_at !== null) return toDomain(row);
  const expected = `${txtRecordPrefix}${row.txt_token}`;
  let records: string[];
  try {
    records = await deps.resolver.txt(row.domain);
  } catch {
    throw new AppError('domainNotProven');
  }
  if (!records.some((r) => r.trim() === expected)) throw new AppError('domainNotProven');
  return inScope(deps.db, ctx.scope, async (tx) => {
    if (!(await queries.markVerified(tx, ctx.workspace.workspaceId, row.domain, 'dns'))) {
      throw new AppError('domainTaken');
    }
    await audit(tx, ctx, 'domain.verified', row.domain, { method: 'dns' });
    return toDomain(await existing(tx, ctx, row.domain));
  });
}

/**
 * Sends a proving link to an address at the domain (the other way to prove it): whoever opens it
 * holds a mailbox there. The address must be at the domain itself (a field error otherwise).
 */
export async function sendDomainLink(
  deps: DomainDeps,
  ctx: AccessContext,
  domain: string,
  input: DomainEmailLink,
): Promise<VerifiedDomain> {
  return inScope(deps.db, ctx.scope, async (tx) => {
    const row = await existing(tx, ctx, domain);
    if (emailDomain(input.email) !== row.domain) {
      throw new AppError('validationFailed', {
        errors: [{ path: 'body.email', message: domainMessages.emailNotAtDomain }],
      });
    }
    if (row.verified_at !== null) return toDomain(row);
    const token = randomBytes(32).toString('base64url');
    await queries.replaceLinkToken(tx, {
      workspaceId: ctx.workspace.workspaceId,
      domain: row.domain,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + domainLinkTtlMs),
      sentTo: input.email,
    });
    const link = `${deps.publicUrl}/verify-domain/${token}`;
    const localeOf = await recipientLocales(tx, ctx.workspace.workspaceId, [input.email]);
    const { t } = textsIn(localeOf(input.email));
    const words = {
      name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim(),
      domain: row.domain,
      workspace: ctx.workspace.name,
    };
    await enqueueMail(tx, {
      to: input.email,
      subject: t('mail.domainConfirmation.subject', words),
      text: t('mail.domainConfirmation.body', { ...words, link, days: domainLinkTtlMs / (24 * 60 * 60 * 1000) }),
    });
    await audit(tx, ctx, 'domain.linkSent', row.domain, { email: input.email });
    return toDomain(await existing(tx, ctx, row.domain));
  });
}

/** Opening the e-mailed link proves the domain (public: the token is the proof). */
export async function verifyByLink(db: AppDb, token: string): Promise<{ domain: string }> {
  const target = await inScope(db, systemScope, (tx) => queries.linkTokenTarget(tx, hashToken(token)));
  if (!target) throw new AppError('domainLinkInvalid');
  const scope: Scope = { workspaceId: target.workspace_id, userId: null, isAdmin: false };
  return inScope(db, scope, async (tx) => {
    if (!(await queries.markVerified(tx, target.workspace_id, target.domain, 'email'))) {
      throw new AppError('domainTaken');
    }
    await recordEvents(tx, [
      workspaceEvent(target.workspace_id, null, 'domain.verified', { domain: target.domain, method: 'email' }),
    ]);
    return { domain: target.domain };
  });
}

/** Removes a domain: it is no longer the workspace's (contributors' domains and sign-in follow). */
export async function removeDomain(db: AppDb, ctx: AccessContext, domain: string): Promise<void> {
  await inScope(db, ctx.scope, async (tx) => {
    if (!(await queries.deleteDomain(tx, ctx.workspace.workspaceId, domain.toLowerCase()))) {
      throw new AppError('domainNotFound');
    }
    await audit(tx, ctx, 'domain.removed', domain.toLowerCase());
  });
}

/** The workspace that has proven this e-mail address's domain, if any (sign-in by domain). */
export async function workspaceOfDomain(db: AppDb, email: string): Promise<string | undefined> {
  return inScope(db, systemScope, (tx) => queries.domainHolder(tx, emailDomain(email)));
}

import { z } from 'zod';
import { bulkInviteFileMessages, bulkInviteMaxBytes, bulkInviteMaxRows } from '../invitation-rules.ts';
import { folderKinds, roles, userTypes } from '../permissions.ts';
import { cursorPart, keysetCursor } from './cursor.ts';
import { emailSchema, mobileSchema, passwordSchema } from './identity.ts';

/** Someone who may be picked in a person field or as an action's assignee (spec 3). */
export const personSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(userTypes),
});
export type Person = z.infer<typeof personSchema>;

/** The people who can see a team folder: roles there, on its project or on the company. */
export const teamPeopleSchema = z.object({ people: z.array(personSchema) });

const id = z.string().uuid();

/** Issue 16: one invitation by e-mail to a folder, with a level (the folder's kind and a role) and a type. */
export const inviteBodySchema = z.object({
  email: emailSchema,
  role: z.enum(roles),
  userType: z.enum(userTypes),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/**
 * Issue 16.2 bulk invite: typed addresses (chips) or a CSV whose first column is headed Email,
 * with optional Folder (a folder id at or below this one), Level and Type columns; the body's level
 * and type apply where a row has none. `send: false` only checks every row (the preview); `send:
 * true` checks again and invites the rows without problems in one transaction.
 */
export const bulkInviteBodySchema = z
  .object({
    /** The typed addresses (chips); a CSV, when given, is used instead. */
    emails: z.array(z.string().max(254)).max(bulkInviteMaxRows, bulkInviteFileMessages.tooManyRows).optional(),
    csv: z.string().max(bulkInviteMaxBytes, bulkInviteFileMessages.tooLarge).optional(),
    role: z.enum(roles),
    userType: z.enum(userTypes),
    send: z.boolean(),
    /**
     * With `send`: the batch's id, chosen by the client once per batch (its idempotency key). A
     * retried request with the same id answers the batch the first one queued and invites no one twice.
     */
    batchId: id.optional(),
  })
  .superRefine((body, context) => {
    if (body.send && !body.batchId) {
      context.addIssue({ code: 'custom', path: ['batchId'], message: 'A batch id is required to send.' });
    }
  });
export type BulkInviteBody = z.infer<typeof bulkInviteBodySchema>;

export const bulkInviteRowSchema = z.object({
  /** The CSV line (or the chip's position, from 1). */
  line: z.number().int(),
  email: z.string(),
  folderId: z.string().nullable(),
  folderName: z.string().nullable(),
  folderKind: z.enum(folderKinds).nullable(),
  role: z.enum(roles).nullable(),
  userType: z.enum(userTypes).nullable(),
  problems: z.array(
    z.object({ column: z.enum(['email', 'folder', 'level', 'type']), code: z.string(), message: z.string() }),
  ),
});
export type BulkInviteRow = z.infer<typeof bulkInviteRowSchema>;

export const bulkInviteResultSchema = z.object({
  rows: z.array(bulkInviteRowSchema),
  /** Rows that can be (or, after sending, were) invited. */
  valid: z.number().int(),
  invited: z.number().int(),
});
export type BulkInviteResult = z.infer<typeof bulkInviteResultSchema>;

export const inviteBatchStates = ['queued', 'running', 'done', 'failed'] as const;
/**
 * A sent bulk invite (issue 16.2): its rows are invited by a background job in chunks, each with
 * its e-mails and audit events; the screen polls this for the progress and the result. A row the
 * rules refuse by the time its chunk runs (invited or added meanwhile) is skipped with its reason.
 */
export const inviteBatchSchema = z.object({
  batchId: id,
  state: z.enum(inviteBatchStates),
  total: z.number().int(),
  processed: z.number().int(),
  invited: z.number().int(),
  skipped: z.array(z.object({ email: z.string(), code: z.string(), message: z.string() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type InviteBatch = z.infer<typeof inviteBatchSchema>;
export const inviteBatchParamsSchema = z.object({ folderId: id, batchId: id });

export const invitationStatuses = ['pending', 'expired', 'accepted', 'revoked'] as const;
/** What became of the invitation's last e-mail (the outbox): waiting, sent, or given up on. */
export const mailDeliveries = ['queued', 'sent', 'failed'] as const;

export const invitationSchema = z.object({
  invitationId: id,
  email: z.string(),
  folderId: id,
  folderKind: z.enum(folderKinds),
  folderName: z.string(),
  role: z.enum(roles),
  userType: z.enum(userTypes),
  status: z.enum(invitationStatuses),
  delivery: z.enum(mailDeliveries),
  deliveryError: z.string().nullable(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsSchema = z.object({ invitations: z.array(invitationSchema) });
export const invitationParamsSchema = z.object({ folderId: id, invitationId: id });
/** A fresh activation link to hand over another way when e-mail fails (the e-mailed one stops working). */
export const invitationLinkSchema = z.object({ url: z.string() });

/** Issue 16.1, the Users page: filters, sort and keyset paging over the people of a folder. */
export const peopleSorts = ['name', 'email', 'level', 'lastActive'] as const;
export const levelFilters = [
  'company.controller',
  'company.member',
  'project.controller',
  'project.member',
  'team.controller',
  'team.member',
] as const;
export type LevelFilter = (typeof levelFilters)[number];
export const personStatuses = ['active', 'deactivated'] as const;

export const folderPeopleQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  level: z.enum(levelFilters).optional(),
  userType: z.enum(userTypes).optional(),
  status: z.enum(personStatuses).optional(),
  sort: z.enum(peopleSorts).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** Opaque keyset cursor from the previous page's `nextCursor`: the last row's sort key and user id. */
  cursor: keysetCursor(z.tuple([cursorPart.text, cursorPart.id])).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FolderPeopleQuery = z.infer<typeof folderPeopleQuerySchema>;

/** One person of a Users page: their level there and the folder where it was granted. */
export const folderPersonSchema = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  userType: z.enum(userTypes),
  status: z.enum(personStatuses),
  level: z.object({ kind: z.enum(folderKinds), role: z.enum(roles) }),
  grantedAt: z.object({ folderId: id, kind: z.enum(folderKinds), name: z.string(), path: z.array(id) }),
  lastActiveAt: z.string().nullable(),
});
export type FolderPerson = z.infer<typeof folderPersonSchema>;

export const folderPeoplePageSchema = z.object({
  people: z.array(folderPersonSchema),
  nextCursor: z.string().nullable(),
});
export type FolderPeoplePage = z.infer<typeof folderPeoplePageSchema>;

export const personParamsSchema = z.object({ folderId: id, userId: id });
export const companyPersonParamsSchema = z.object({ companyId: id, userId: id });
export const changeLevelBodySchema = z.object({ role: z.enum(roles) });

/** Issue 16.3, spec 2.7: what the activation page shows before anyone is signed in. */
export const activationContextSchema = z.object({
  email: z.string(),
  companyId: id,
  companyName: z.string(),
  logoUrl: z.string().nullable(),
  userType: z.enum(userTypes),
  /** The address already has an account: they accept with one click once signed in. */
  existingUser: z.boolean(),
  /**
   * Spec 2.7, 4.5: the address signs in with single sign-on (its domain is a workspace's verified
   * domain with a connected provider): no password step; Activate goes to the company's sign-in.
   */
  singleSignOn: z.boolean(),
});
export type ActivationContext = z.infer<typeof activationContextSchema>;

export const activationParamsSchema = z.object({ activationId: z.string().min(1).max(100) });

export const nameMessage = 'Please enter a valid name';
const personName = z
  .string()
  .trim()
  .min(1, nameMessage)
  .max(100, nameMessage)
  .regex(/[\p{L}\p{N}]/u, nameMessage)
  .refine((v) => !/[<>{}]|https?:/i.test(v), nameMessage);

export const termsMessage = 'Please accept the Privacy Policy and Terms of Service.';
export const passwordsDifferMessage = 'The passwords do not match';

/**
 * Spec 3 activation payload (the time zone and continent are optional facts from the browser). With
 * isSSOSignUp (spec 4.5: an address that signs in with single sign-on) there is no password step:
 * the password fields are not asked for, and the person proves the address at their company's sign-in.
 */
export const activationBodySchema = z
  .object({
    firstName: personName,
    lastName: personName,
    mobile: mobileSchema,
    isSSOSignUp: z.boolean().optional(),
    newPassword: passwordSchema.optional(),
    newPasswordConfirmed: z
      .string()
      .max(200)
      .optional()
      .meta({ examples: ['Site-Diary-2026'] }),
    acceptTerms: z.literal(true, { error: termsMessage }),
    timezone: z.string().max(64).optional(),
    continent: z.string().max(2).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.isSSOSignUp) return;
    if (b.newPassword === undefined) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Required' });
    else if (b.newPassword !== b.newPasswordConfirmed) {
      ctx.addIssue({ code: 'custom', path: ['newPasswordConfirmed'], message: passwordsDifferMessage });
    }
  });
export type ActivationBody = z.infer<typeof activationBodySchema>;

/**
 * After activating: a one-time ticket the web app signs in with (spec 3: loginData); for single
 * sign-on, a ticket that takes the person to their company's sign-in, which finishes the activation.
 */
export const activationResultSchema = z.union([
  z.object({ email: z.string(), signInTicket: z.string() }),
  z.object({ email: z.string(), ssoTicket: z.string() }),
]);
export type ActivationResult = z.infer<typeof activationResultSchema>;
export const acceptResultSchema = z.object({ companyId: id });

import { z } from 'zod';
import { folderKinds, roles, userTypes } from '../permissions.ts';
import { emailSchema } from './identity.ts';

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

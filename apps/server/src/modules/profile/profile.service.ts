import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type CurrentUser,
  type EmailChangeRequest,
  emailChangeLinkHours,
  type MySignature,
  type SignatureSource,
} from '@formwork/shared/schemas/identity';
import sharp from 'sharp';
import { companyContext, personalScope } from '../../authz/context.ts';
import type { SignedInUser } from '../../authz/signed-in-user.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { type ProcessedImage, processImage } from '../../files/images.ts';
import type { FileStorage } from '../../files/storage.ts';
import { textsIn } from '../../i18n/texts.ts';
import { enqueueMail } from '../../mail/mail.ts';
import { getCurrentUser } from '../identity/identity.service.ts';
import { recordUsageEvent } from '../identity/usage-events.ts';
import { workspaceFeatureToggles } from '../workspaces/workspaces.service.ts';
import * as queries from './profile.queries.ts';

/** Profile pictures are kept small: they show as avatars. */
const pictureMaxEdge = 512;

function toSignature(row: queries.UserImageRow): MySignature {
  return {
    source: row.source,
    url: `/api/me/signature/image?v=${row.updatedAt.getTime()}`,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Stores a checked, re-encoded image as the person's image of a kind: bytes written and flushed
 * first, then the row and its record in one transaction; the replaced bytes are removed after.
 */
async function storeImage(
  db: AppDb,
  storage: FileStorage,
  user: SignedInUser,
  kind: queries.UserImageKind,
  source: SignatureSource,
  image: ProcessedImage,
): Promise<queries.UserImageRow> {
  const storageKey = `${user.userId}/${randomUUID()}.${image.extension}`;
  await storage.put(storageKey, image.data);
  const { row, replacedKey } = await inScope(db, personalScope(user), async (tx) => {
    const stored = await queries.putImage(tx, {
      userId: user.userId,
      kind,
      source,
      contentType: image.contentType,
      byteSize: image.data.length,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(image.data).digest('hex'),
      storageKey,
    });
    await recordUsageEvent(tx, { userId: user.userId, name: `${kind}Saved`, context: { source } });
    return stored;
  });
  if (replacedKey) await storage.remove(replacedKey);
  return row;
}

async function removeImage(db: AppDb, storage: FileStorage, user: SignedInUser, kind: queries.UserImageKind) {
  const key = await inScope(db, personalScope(user), async (tx) => {
    const removed = await queries.deleteImage(tx, user.userId, kind);
    if (removed) await recordUsageEvent(tx, { userId: user.userId, name: `${kind}Removed`, context: {} });
    return removed;
  });
  if (key) await storage.remove(key);
}

async function readImage(db: AppDb, storage: FileStorage, user: SignedInUser, kind: queries.UserImageKind) {
  const row = await inScope(db, personalScope(user), (tx) => queries.getImage(tx, user.userId, kind));
  if (!row) throw new AppError('notFound');
  return { contentType: row.contentType, stream: storage.read(row.storageKey) as Readable };
}

/** Edit Profile: a picture uploaded by the person (sniffed, re-encoded with sharp, at most 512 px). */
export async function savePicture(db: AppDb, storage: FileStorage, user: SignedInUser, data: Buffer) {
  const image = await processImage(data, 'photo', { keepLocation: false, maxEdge: pictureMaxEdge });
  await storeImage(db, storage, user, 'picture', 'uploaded', image);
  return getCurrentUser(db, user);
}

export async function removePicture(db: AppDb, storage: FileStorage, user: SignedInUser): Promise<CurrentUser> {
  await removeImage(db, storage, user, 'picture');
  return getCurrentUser(db, user);
}

export const readPicture = (db: AppDb, storage: FileStorage, user: SignedInUser) =>
  readImage(db, storage, user, 'picture');

export async function getSignature(db: AppDb, user: SignedInUser): Promise<MySignature | null> {
  const row = await inScope(db, personalScope(user), (tx) => queries.getImage(tx, user.userId, 'signature'));
  return row ? toSignature(row) : null;
}

/** The person's signature, drawn on a canvas or uploaded (PNG or JPG, under 2MB), kept as a PNG. */
export async function saveSignature(
  db: AppDb,
  storage: FileStorage,
  user: SignedInUser,
  source: 'drawn' | 'uploaded',
  data: Buffer,
): Promise<MySignature> {
  const image = await processImage(data, 'signature', { keepLocation: false });
  return toSignature(await storeImage(db, storage, user, 'signature', source, image));
}

export const removeSignature = (db: AppDb, storage: FileStorage, user: SignedInUser) =>
  removeImage(db, storage, user, 'signature');

export const readSignature = (db: AppDb, storage: FileStorage, user: SignedInUser) =>
  readImage(db, storage, user, 'signature');

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The full name written in an italic face on white, as a PNG (spec 6: the default signature). */
export async function nameSignaturePng(name: string): Promise<ProcessedImage> {
  const width = 600;
  const height = 160;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="24" y="100" font-family="DejaVu Serif, Liberation Serif, serif" font-style="italic" font-size="52"
      fill="#111" textLength="${Math.min(552, Math.max(60, name.length * 28))}" lengthAdjust="spacingAndGlyphs">${escapeXml(name)}</text>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return { data, contentType: 'image/png', extension: 'png', width, height, location: null };
}

/**
 * Spec 6: when the workspace's feature toggle enableDefaultSignatureUser is on, a person without a
 * signature gets one made from their full name. A person who has one keeps it. Another
 * workspace's id answers 404; the toggle off 403.
 */
export async function createDefaultSignature(
  db: AppDb,
  storage: FileStorage,
  user: SignedInUser,
  companyId: string,
): Promise<MySignature> {
  const ctx = await companyContext(db, user, companyId, 'notFound');
  const toggles = await workspaceFeatureToggles(db, ctx);
  if (!toggles.enableDefaultSignatureUser)
    throw new AppError('forbidden', { detail: 'Default signatures are not turned on in this workspace.' });
  const existing = await getSignature(db, user);
  if (existing) return existing;
  const name = await inScope(db, personalScope(user), (tx) => queries.fullName(tx, user.userId));
  if (!name) throw new AppError('validationFailed', { detail: 'Add your first and last name to make a signature.' });
  return toSignature(await storeImage(db, storage, user, 'signature', 'default', await nameSignaturePng(name)));
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address is owned by the sign-in provider for single sign-on users and external providers. */
function assertEmailIsOurs(user: { isSso: boolean }, embeddedProvider: boolean) {
  if (user.isSso || !embeddedProvider)
    throw new AppError('forbidden', {
      detail: 'Your e-mail address is managed by your sign-in provider and cannot be changed here.',
    });
}

/**
 * Issue 16.4: asks to change the person's e-mail. A single-use link valid for 24 hours goes to the
 * NEW address (through the mail outbox); the current address stays until it is followed.
 */
export async function requestEmailChange(
  db: AppDb,
  user: SignedInUser,
  input: EmailChangeRequest,
  options: { embeddedProvider: boolean; confirmUrl: (token: string) => string },
): Promise<CurrentUser> {
  const me = await getCurrentUser(db, user);
  assertEmailIsOurs(me, options.embeddedProvider);
  const email = input.email;
  if (email.toLowerCase() === me.email.toLowerCase())
    throw new AppError('validationFailed', {
      errors: [{ path: 'body.email', message: 'This is already your e-mail address.' }],
    });
  const token = randomBytes(32).toString('base64url');
  await inScope(db, personalScope(user), async (tx) => {
    if (await queries.emailInUse(tx, email, user.userId))
      throw new AppError('emailInUse', {
        errors: [{ path: 'body.email', message: 'This e-mail address is already used by another account.' }],
      });
    await queries.insertEmailChangeToken(tx, {
      tokenHash: hashToken(token),
      userId: user.userId,
      newEmail: email,
      expiresAt: new Date(Date.now() + emailChangeLinkHours * 3600_000),
    });
    const link = options.confirmUrl(token);
    // Issue 26: in the locale the person chose (en-US when they have not: no workspace is in view).
    const { t } = textsIn(me.locale);
    await enqueueMail(tx, {
      to: email,
      subject: t('mail.emailChange.confirmSubject'),
      text: t('mail.emailChange.confirmBody', {
        name: me.firstName,
        email,
        hours: emailChangeLinkHours,
        link,
        current: me.email,
      }),
    });
    await recordUsageEvent(tx, { userId: user.userId, name: 'emailChangeRequested', context: { newEmail: email } });
  });
  return getCurrentUser(db, user);
}

/**
 * The person follows the link: it must be theirs, unused and unexpired. The address changes, the
 * link is used up, and the old address is told. Sessions and everything else stay as they were.
 */
export async function confirmEmailChange(db: AppDb, user: SignedInUser, token: string): Promise<CurrentUser> {
  const tokenHash = hashToken(token);
  const me = await getCurrentUser(db, user);
  await inScope(db, personalScope(user), async (tx) => {
    const found = await queries.findEmailChangeToken(tx, tokenHash);
    // Another person's link answers exactly like a link that does not exist.
    if (!found || found.user_id !== user.userId) throw new AppError('emailChangeLinkInvalid');
    if (!found.usable) throw new AppError('emailChangeLinkExpired');
    if (await queries.emailInUse(tx, found.new_email, user.userId)) throw new AppError('emailInUse');
    await queries.markEmailChangeTokenUsed(tx, tokenHash);
    const oldEmail = await queries.setEmail(tx, user.userId, found.new_email);
    if (!oldEmail) throw new AppError('unauthenticated');
    const { t } = textsIn(me.locale);
    await enqueueMail(tx, {
      to: oldEmail,
      subject: t('mail.emailChange.changedSubject'),
      text: t('mail.emailChange.changedBody', { from: oldEmail, to: found.new_email }),
    });
    await recordUsageEvent(tx, {
      userId: user.userId,
      name: 'emailChanged',
      context: { from: oldEmail, to: found.new_email },
    });
  });
  return getCurrentUser(db, user);
}

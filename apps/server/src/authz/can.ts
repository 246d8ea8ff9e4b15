import { can, denialMessage, type FolderRef, type Membership, type Permission } from '@formwork/shared/permissions';
import { AppError } from '../errors.ts';

/**
 * The one permission check of the server: the shared rules of spec 6 against the verified
 * workspace's roles. Same workspace, missing right: 403 with the spec's words where it has them.
 */
export function assertCan(viewer: Membership, verb: Permission, folder: FolderRef): void {
  if (!can(viewer, verb, folder)) throw new AppError('forbidden', { detail: denialMessage(verb, folder) });
}

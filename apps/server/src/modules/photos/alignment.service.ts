import {
  type AlignmentUpload,
  alignmentReachM,
  type LonLat,
  type MapTiles,
  type Photo,
  type ProjectAlignment,
  type ProjectAlignmentAnswer,
} from '@formwork/shared/schemas/photos';
import type { AccessContext } from '../../authz/context.ts';
import type { AppDb } from '../../db/client.ts';
import { inScope, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import { recordEvents } from '../activity/record-events.ts';
import * as queries from './alignment.queries.ts';
import { readAlignmentFile } from './alignment-file.ts';
import { alignmentLength, alignmentSegments, chainageOf } from './alignment-geometry.ts';

/** The project of the route's folder: itself, or a team's project. */
function projectOf(ctx: AccessContext): string {
  return ctx.folder.kind === 'project' ? ctx.folder.folderId : (ctx.folder.path[1] as string);
}

function alignmentEvent(ctx: AccessContext, action: string, details: Record<string, unknown>) {
  return {
    workspaceId: ctx.workspace.workspaceId,
    actorUserId: ctx.user.userId,
    action,
    subjectType: 'project' as const,
    subjectId: ctx.folder.folderId,
    folderPath: [...ctx.folder.path],
    details,
  };
}

/** The alignment of the route's project (or of a team's project), if it has one. */
export async function getAlignment(
  db: AppDb,
  ctx: AccessContext,
  tiles: MapTiles | undefined,
): Promise<ProjectAlignmentAnswer> {
  const alignment = await inScope(db, ctx.scope, (tx) =>
    queries.alignmentOf(tx, ctx.workspace.workspaceId, projectOf(ctx)),
  );
  return { alignment, tiles: tiles ?? null };
}

/**
 * Writes a project's alignment inside the caller's transaction, replacing the one it had, with its
 * audit event. Uploads and the demo seed both come through here.
 */
export async function writeAlignment(
  tx: Tx,
  input: {
    workspaceId: string;
    projectPath: readonly string[];
    userId: string;
    fileName: string;
    lines: LonLat[][];
  },
): Promise<ProjectAlignment> {
  const projectId = input.projectPath[input.projectPath.length - 1] as string;
  const lengthM = Math.round(alignmentLength(alignmentSegments(input.lines)) * 100) / 100;
  const { alignment, replaced } = await queries.saveAlignment(tx, {
    workspaceId: input.workspaceId,
    projectId,
    fileName: input.fileName.trim(),
    lines: input.lines,
    lengthM,
    userId: input.userId,
  });
  await recordEvents(tx, [
    {
      workspaceId: input.workspaceId,
      actorUserId: input.userId,
      action: replaced ? 'alignment.replaced' : 'alignment.uploaded',
      subjectType: 'project',
      subjectId: projectId,
      folderPath: [...input.projectPath],
      details: {
        fileName: alignment.fileName,
        lengthM,
        points: input.lines.reduce((sum, line) => sum + line.length, 0),
      },
    },
  ]);
  return alignment;
}

/** Uploads the project's alignment from a KML or GeoJSON file, replacing the one it had (one per project). */
export async function uploadAlignment(db: AppDb, ctx: AccessContext, body: AlignmentUpload): Promise<ProjectAlignment> {
  if (ctx.folder.state !== 'active')
    throw new AppError('conflict', { detail: 'This folder is archived: nothing can be added to it.' });
  const lines = readAlignmentFile(body.content);
  return inScope(db, ctx.scope, (tx) =>
    writeAlignment(tx, {
      workspaceId: ctx.workspace.workspaceId,
      projectPath: ctx.folder.path,
      userId: ctx.user.userId,
      fileName: body.fileName,
      lines,
    }),
  );
}

export async function removeAlignment(db: AppDb, ctx: AccessContext): Promise<{ id: string }> {
  return inScope(db, ctx.scope, async (tx) => {
    const fileName = await queries.deleteAlignment(tx, ctx.workspace.workspaceId, ctx.folder.folderId);
    if (fileName === null) throw new AppError('notFound', { detail: 'This project has no alignment' });
    await recordEvents(tx, [alignmentEvent(ctx, 'alignment.removed', { fileName })]);
    return { id: ctx.folder.folderId };
  });
}

/**
 * Measures where each photo lies along its team's project alignment, in the caller's
 * transaction: one read of the alignment for the whole page.
 */
export async function chainages(
  tx: Tx,
  ctx: AccessContext,
  photos: { location: Photo['location'] }[],
): Promise<(Photo['chainage'] | null)[]> {
  if (!photos.some((photo) => photo.location)) return photos.map(() => null);
  const alignment = await queries.alignmentOf(tx, ctx.workspace.workspaceId, projectOf(ctx));
  if (!alignment) return photos.map(() => null);
  const segments = alignmentSegments(alignment.lines);
  return photos.map(({ location }) =>
    location ? chainageOf(segments, [location.longitude, location.latitude], alignmentReachM) : null,
  );
}

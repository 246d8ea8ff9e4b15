import { and, eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type NewFile = typeof files.$inferInsert;

export async function insertFile(tx: Tx, file: NewFile) {
  const [row] = await tx.insert(files).values(file).returning();
  return row as typeof files.$inferSelect;
}

export async function getFile(tx: Tx, workspaceId: string, fileId: string) {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.fileId, fileId)));
  return row;
}

/** The workspace's files of the given ids uploaded to its Home Folder as logos (purpose `logo`). */
export async function logoFiles(tx: Tx, workspaceId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return tx
    .select({ fileId: files.fileId })
    .from(files)
    .where(
      and(
        eq(files.workspaceId, workspaceId),
        eq(files.folderId, workspaceId),
        inArray(files.fileId, fileIds),
        eq(files.purpose, 'logo'),
      ),
    );
}

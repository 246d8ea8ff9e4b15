import type {
  Photo,
  PhotoSize,
  PhotoSource,
  PhotoState,
  Tag,
  TagGroup,
  TagLevel,
} from '@formwork/shared/schemas/photos';
import type { TabStyle } from '@formwork/shared/schemas/tabs';
import { type SQL, sql } from 'drizzle-orm';
import { iso, uuidArray } from '../../db/sql-values.ts';
import type { Tx } from '../../db/tenant.ts';

type PhotoRow = {
  photo_id: string;
  team_id: string;
  source: PhotoSource;
  form_id: string | null;
  state: PhotoState;
  file_name: string | null;
  taken_at: string | Date | null;
  shot_at: string | Date;
  shot_at_key: string;
  location: { latitude: number; longitude: number } | null;
  uploaded_by: string | null;
  uploader_name: string | null;
  uploaded_at: string | Date;
  width: number;
  height: number;
  tag_ids: string[] | null;
};

export type PhotoRecord = Omit<Photo, 'urls' | 'chainage'> & { shotAtKey: string };

function toPhoto(row: PhotoRow): PhotoRecord {
  return {
    id: row.photo_id,
    teamId: row.team_id,
    source: row.source,
    formId: row.form_id,
    state: row.state,
    fileName: row.file_name,
    takenAt: row.taken_at === null ? null : iso(row.taken_at),
    shotAt: iso(row.shot_at),
    shotAtKey: row.shot_at_key,
    location: row.location,
    uploadedBy: row.uploaded_by ? { id: row.uploaded_by, name: row.uploader_name ?? '' } : null,
    uploadedAt: iso(row.uploaded_at),
    width: Number(row.width),
    height: Number(row.height),
    tagIds: row.tag_ids ?? [],
  };
}

/** The columns of a photo for the gallery; `p` is the photos row. */
const photoColumns = sql`p.photo_id, p.team_id, p.source, p.form_id, p.state, p.file_name, p.taken_at, p.shot_at,
  p.shot_at::text as shot_at_key, p.location, p.uploaded_by, p.uploaded_at, f.width, f.height,
  trim(concat_ws(' ', u.first_name, u.last_name)) as uploader_name,
  (select array_agg(pt.tag_id order by pt.tag_id) from photo_tags pt
    where pt.workspace_id = p.workspace_id and pt.photo_id = p.photo_id) as tag_ids`;

const photoJoins = sql`join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
  left join users u on u.user_id = p.uploaded_by`;

export type GalleryFilter = {
  state: PhotoState;
  tagIds?: string[];
  from?: string;
  to?: string;
  uploadedBy?: string;
  source?: PhotoSource;
  after?: readonly [string, string];
  limit: number;
  timeZone: string;
};

/** One page of a team's gallery, newest first (by when taken, else uploaded), after the keyset cursor. */
export async function galleryPage(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  q: GalleryFilter,
): Promise<PhotoRecord[]> {
  const conditions: SQL[] = [
    sql`p.workspace_id = ${workspaceId}`,
    sql`p.team_id = ${teamId}`,
    sql`p.state = ${q.state}`,
  ];
  if (q.tagIds && q.tagIds.length > 0)
    conditions.push(sql`exists (select 1 from photo_tags pt where pt.workspace_id = p.workspace_id
      and pt.photo_id = p.photo_id and pt.tag_id = any(${uuidArray(q.tagIds)}))`);
  if (q.from) conditions.push(sql`p.shot_at >= (${q.from}::date::timestamp at time zone ${q.timeZone})`);
  if (q.to) conditions.push(sql`p.shot_at < ((${q.to}::date + 1)::timestamp at time zone ${q.timeZone})`);
  if (q.uploadedBy) conditions.push(sql`p.uploaded_by = ${q.uploadedBy}`);
  if (q.source) conditions.push(sql`p.source = ${q.source}`);
  if (q.after) conditions.push(sql`(p.shot_at, p.photo_id) < (${q.after[0]}::timestamptz, ${q.after[1]}::uuid)`);
  const result = await tx.execute<PhotoRow>(sql`
    select ${photoColumns} from photos p ${photoJoins}
     where ${sql.join(conditions, sql` and `)}
     order by p.shot_at desc, p.photo_id desc
     limit ${q.limit}`);
  return result.rows.map(toPhoto);
}

/** Photos of one team by id (others, and other teams', are left out). */
export async function photosById(tx: Tx, workspaceId: string, teamId: string, photoIds: string[]) {
  if (photoIds.length === 0) return [];
  const result = await tx.execute<PhotoRow>(sql`
    select ${photoColumns} from photos p ${photoJoins}
     where p.workspace_id = ${workspaceId} and p.team_id = ${teamId} and p.photo_id = any(${uuidArray(photoIds)})
     order by p.shot_at desc, p.photo_id desc`);
  return result.rows.map(toPhoto);
}

/** Where a photo id is already used in the workspace (a replayed upload, or an id taken elsewhere). */
export async function photoTeam(tx: Tx, workspaceId: string, photoId: string): Promise<string | undefined> {
  const result = await tx.execute<{ team_id: string }>(
    sql`select team_id from photos where workspace_id = ${workspaceId} and photo_id = ${photoId}`,
  );
  return result.rows[0]?.team_id;
}

export type NewPhoto = {
  workspaceId: string;
  photoId: string;
  teamId: string;
  fileId: string;
  source: PhotoSource;
  formId: string | null;
  fileName: string | null;
  takenAt: Date | null;
  location: { latitude: number; longitude: number } | null;
  uploadedBy: string;
  state?: PhotoState;
};

/** Inserts a photo; false when its id is taken (a replay). */
export async function insertPhoto(tx: Tx, p: NewPhoto): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into photos (workspace_id, photo_id, team_id, file_id, source, form_id, state, file_name, taken_at, shot_at,
                        location, uploaded_by)
    values (${p.workspaceId}, ${p.photoId}, ${p.teamId}, ${p.fileId}, ${p.source}, ${p.formId}, ${p.state ?? 'active'},
            ${p.fileName}, ${p.takenAt?.toISOString() ?? null}, coalesce(${p.takenAt?.toISOString() ?? null}::timestamptz, now()),
            ${p.location === null ? null : JSON.stringify(p.location)}::jsonb, ${p.uploadedBy})
    on conflict (workspace_id, photo_id) do nothing
    returning photo_id`);
  return result.rows.length > 0;
}

/**
 * Photos taken in a form (its photo fields' files, uploaded to the form's team) join the team's
 * gallery, linked to the form; a file already in the gallery stays as it is.
 */
export async function insertFormPhotos(
  tx: Tx,
  p: { workspaceId: string; teamId: string; formId: string; fileIds: string[] },
): Promise<string[]> {
  const result = await tx.execute<{ photo_id: string }>(sql`
    insert into photos (workspace_id, photo_id, team_id, file_id, source, form_id, file_name, shot_at, location,
                        uploaded_by, uploaded_at)
    select f.workspace_id, gen_random_uuid(), f.folder_id, f.file_id, 'form', ${p.formId}, f.file_name, f.created_at,
           f.location, f.created_by, f.created_at
      from files f
     where f.workspace_id = ${p.workspaceId} and f.file_id = any(${uuidArray(p.fileIds)})
       and f.purpose = 'photo' and f.folder_id = ${p.teamId}
    on conflict (workspace_id, file_id) do nothing
    returning photo_id`);
  return result.rows.map((r) => r.photo_id);
}

export type PhotoSizeRow = {
  size: Exclude<PhotoSize, 'xl'>;
  storageKey: string;
  width: number;
  height: number;
  byteSize: number;
};

/** Keeps sizes of a photo; answers the sizes kept (a size the photo has already is left as it was). */
export async function insertSizes(
  tx: Tx,
  workspaceId: string,
  photoId: string,
  sizes: PhotoSizeRow[],
): Promise<Set<PhotoSizeRow['size']>> {
  const kept = new Set<PhotoSizeRow['size']>();
  for (const s of sizes) {
    const result = await tx.execute(sql`
      insert into photo_sizes (workspace_id, photo_id, size, storage_key, content_type, width, height, byte_size)
      values (${workspaceId}, ${photoId}, ${s.size}, ${s.storageKey}, 'image/jpeg', ${s.width}, ${s.height}, ${s.byteSize})
      on conflict do nothing
      returning size`);
    if (result.rows.length > 0) kept.add(s.size);
  }
  return kept;
}

/** The photos of the list still there, each with its stored photo and the sizes it has. */
export async function storedAndSizes(tx: Tx, workspaceId: string, photoIds: string[]) {
  if (photoIds.length === 0) return [];
  const result = await tx.execute<{ photo_id: string; storage_key: string; sizes: string }>(sql`
    select p.photo_id, f.storage_key,
           coalesce((select string_agg(s.size, ',') from photo_sizes s
                      where s.workspace_id = p.workspace_id and s.photo_id = p.photo_id), '') as sizes
      from photos p join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
     where p.workspace_id = ${workspaceId} and p.photo_id = any(${uuidArray(photoIds)})`);
  return result.rows.map((r) => ({
    photoId: r.photo_id,
    storageKey: r.storage_key,
    sizes: new Set(r.sizes.split(',').filter(Boolean)),
  }));
}

/** Where the bytes of one size of a team's photo are (XL: the stored file), with the file's name. */
export async function photoBytes(
  tx: Tx,
  workspaceId: string,
  teamId: string,
  photoId: string,
  size: PhotoSize,
): Promise<{ storageKey: string; contentType: string; fileName: string | null; sized: boolean } | undefined> {
  const result = await tx.execute<{
    storage_key: string;
    content_type: string;
    file_name: string | null;
    sized: boolean;
  }>(sql`
    select coalesce(s.storage_key, f.storage_key) as storage_key, coalesce(s.content_type, f.content_type) as content_type,
           p.file_name, s.storage_key is not null as sized
      from photos p
      join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
      left join photo_sizes s on s.workspace_id = p.workspace_id and s.photo_id = p.photo_id and s.size = ${size}
     where p.workspace_id = ${workspaceId} and p.team_id = ${teamId} and p.photo_id = ${photoId}`);
  const [row] = result.rows;
  return row
    ? { storageKey: row.storage_key, contentType: row.content_type, fileName: row.file_name, sized: row.sized }
    : undefined;
}

export async function setState(tx: Tx, workspaceId: string, photoIds: string[], state: PhotoState) {
  await tx.execute(sql`update photos set state = ${state}
    where workspace_id = ${workspaceId} and photo_id = any(${uuidArray(photoIds)})`);
}

/**
 * Deletes photos with their sizes and tags, and the stored files of those uploaded to the gallery
 * (a form's photo stays: the form still shows it). Returns the storage keys to remove once committed.
 */
export async function deletePhotos(tx: Tx, workspaceId: string, photoIds: string[]): Promise<string[]> {
  const ids = uuidArray(photoIds);
  const keys = await tx.execute<{ storage_key: string }>(sql`
    select s.storage_key from photo_sizes s where s.workspace_id = ${workspaceId} and s.photo_id = any(${ids})
    union all
    select f.storage_key from photos p join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
     where p.workspace_id = ${workspaceId} and p.photo_id = any(${ids}) and p.source = 'upload'`);
  const files = await tx.execute<{ file_id: string; source: PhotoSource }>(sql`
    delete from photos where workspace_id = ${workspaceId} and photo_id = any(${ids}) returning file_id, source`);
  const uploaded = files.rows.filter((r) => r.source === 'upload').map((r) => r.file_id);
  if (uploaded.length > 0)
    await tx.execute(
      sql`delete from files where workspace_id = ${workspaceId} and file_id = any(${uuidArray(uploaded)})`,
    );
  return keys.rows.map((r) => r.storage_key);
}

/** Moves photos (and their stored files) to another team; tags of the old team's own are taken off. */
export async function movePhotos(tx: Tx, workspaceId: string, photoIds: string[], targetTeamId: string) {
  const ids = uuidArray(photoIds);
  await tx.execute(sql`update photos set team_id = ${targetTeamId}
    where workspace_id = ${workspaceId} and photo_id = any(${ids})`);
  await tx.execute(sql`update files f set folder_id = ${targetTeamId} from photos p
    where p.workspace_id = ${workspaceId} and p.photo_id = any(${ids}) and p.source = 'upload'
      and f.workspace_id = p.workspace_id and f.file_id = p.file_id`);
  await tx.execute(sql`delete from photo_tags pt using tags t
    where pt.workspace_id = ${workspaceId} and pt.photo_id = any(${ids})
      and t.workspace_id = pt.workspace_id and t.tag_id = pt.tag_id and t.folder_id <> ${targetTeamId}
      and t.folder_id not in (select fo.parent_id from folders fo where fo.workspace_id = ${workspaceId} and fo.folder_id = ${targetTeamId})`);
}

/** Storage keys and sizes of photos, for copying their bytes. */
export async function photoStorage(tx: Tx, workspaceId: string, photoIds: string[]) {
  const ids = uuidArray(photoIds);
  const result = await tx.execute<{
    photo_id: string;
    size: string;
    storage_key: string;
    width: number;
    height: number;
    byte_size: number;
  }>(sql`
    select p.photo_id, 'xl' as size, f.storage_key, f.width, f.height, f.byte_size
      from photos p join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
     where p.workspace_id = ${workspaceId} and p.photo_id = any(${ids})
    union all
    select s.photo_id, s.size, s.storage_key, s.width, s.height, s.byte_size
      from photo_sizes s where s.workspace_id = ${workspaceId} and s.photo_id = any(${ids})`);
  return result.rows;
}

/**
 * What a ZIP of photos needs of each photo still in the team (newest first): its name and where
 * its stored photo lies; no tags, no sizes (a selection may hold thousands).
 */
export async function zipSources(tx: Tx, workspaceId: string, teamId: string, photoIds: string[]) {
  if (photoIds.length === 0) return [];
  const result = await tx.execute<{ photo_id: string; file_name: string | null; storage_key: string }>(sql`
    select p.photo_id, p.file_name, f.storage_key
      from photos p join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
     where p.workspace_id = ${workspaceId} and p.team_id = ${teamId} and p.photo_id = any(${uuidArray(photoIds)})
     order by p.shot_at desc, p.photo_id desc`);
  return result.rows.map((r) => ({ id: r.photo_id, fileName: r.file_name, storageKey: r.storage_key }));
}

export async function fileOfPhoto(tx: Tx, workspaceId: string, photoId: string) {
  const result = await tx.execute<{ sha256: string; content_type: string }>(sql`
    select f.sha256, f.content_type from photos p join files f on f.workspace_id = p.workspace_id and f.file_id = p.file_id
     where p.workspace_id = ${workspaceId} and p.photo_id = ${photoId}`);
  return result.rows[0];
}

/** Tags a team may use: its project's and its own. Returns the ids among `tagIds` that are. */
export async function usableTagIds(tx: Tx, workspaceId: string, teamId: string, projectId: string, tagIds: string[]) {
  if (tagIds.length === 0) return new Set<string>();
  const result = await tx.execute<{ tag_id: string }>(sql`
    select tag_id from tags where workspace_id = ${workspaceId} and folder_id in (${teamId}, ${projectId})
       and tag_id = any(${uuidArray(tagIds)})`);
  return new Set(result.rows.map((r) => r.tag_id));
}

export async function addTags(tx: Tx, workspaceId: string, photoIds: string[], tagIds: string[]) {
  if (photoIds.length === 0 || tagIds.length === 0) return;
  await tx.execute(sql`
    insert into photo_tags (workspace_id, photo_id, tag_id)
    select ${workspaceId}, p, t from unnest(${uuidArray(photoIds)}) p cross join unnest(${uuidArray(tagIds)}) t
    on conflict do nothing`);
}

export async function removeTags(tx: Tx, workspaceId: string, photoIds: string[], tagIds: string[]) {
  if (photoIds.length === 0 || tagIds.length === 0) return;
  await tx.execute(sql`
    delete from photo_tags where workspace_id = ${workspaceId}
       and photo_id = any(${uuidArray(photoIds)}) and tag_id = any(${uuidArray(tagIds)})`);
}

/* Tags and tag groups */

type TagRow = {
  tag_id: string;
  folder_id: string;
  kind: TagLevel;
  group_id: string | null;
  name: string;
  colour: TabStyle;
};
type GroupRow = { group_id: string; folder_id: string; kind: TagLevel; name: string };

const toTag = (r: TagRow): Tag => ({
  id: r.tag_id,
  folderId: r.folder_id,
  level: r.kind,
  groupId: r.group_id,
  name: r.name,
  colour: r.colour,
});
const toGroup = (r: GroupRow): TagGroup => ({ id: r.group_id, folderId: r.folder_id, level: r.kind, name: r.name });

/** The tags and groups of these folders (a project and its team, or one folder), by name. */
export async function tagCatalog(tx: Tx, workspaceId: string, folderIds: string[]) {
  const ids = uuidArray(folderIds);
  const [groups, tags] = await Promise.all([
    tx.execute<GroupRow>(sql`
      select g.group_id, g.folder_id, fo.kind, g.name from tag_groups g
        join folders fo on fo.workspace_id = g.workspace_id and fo.folder_id = g.folder_id
       where g.workspace_id = ${workspaceId} and g.folder_id = any(${ids}) order by lower(g.name), g.group_id`),
    tx.execute<TagRow>(sql`
      select t.tag_id, t.folder_id, fo.kind, t.group_id, t.name, t.colour from tags t
        join folders fo on fo.workspace_id = t.workspace_id and fo.folder_id = t.folder_id
       where t.workspace_id = ${workspaceId} and t.folder_id = any(${ids}) order by lower(t.name), t.tag_id`),
  ]);
  return { groups: groups.rows.map(toGroup), tags: tags.rows.map(toTag) };
}

export async function tagOfFolder(tx: Tx, workspaceId: string, folderId: string, tagId: string) {
  const result = await tx.execute<TagRow>(sql`
    select t.tag_id, t.folder_id, fo.kind, t.group_id, t.name, t.colour from tags t
      join folders fo on fo.workspace_id = t.workspace_id and fo.folder_id = t.folder_id
     where t.workspace_id = ${workspaceId} and t.folder_id = ${folderId} and t.tag_id = ${tagId}`);
  const [row] = result.rows;
  return row ? toTag(row) : undefined;
}

export async function groupOfFolder(tx: Tx, workspaceId: string, folderId: string, groupId: string) {
  const result = await tx.execute<GroupRow>(sql`
    select g.group_id, g.folder_id, fo.kind, g.name from tag_groups g
      join folders fo on fo.workspace_id = g.workspace_id and fo.folder_id = g.folder_id
     where g.workspace_id = ${workspaceId} and g.folder_id = ${folderId} and g.group_id = ${groupId}`);
  const [row] = result.rows;
  return row ? toGroup(row) : undefined;
}

/** Runs a write that may hit a name already used in the folder: true when it did. */
async function nameTaken(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return false;
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') return true;
    throw error;
  }
}

export async function insertTag(
  tx: Tx,
  t: { workspaceId: string; tagId: string; folderId: string; groupId: string | null; name: string; colour: TabStyle },
): Promise<boolean> {
  return nameTaken(() =>
    tx.execute(sql`
      insert into tags (workspace_id, tag_id, folder_id, group_id, name, colour)
      values (${t.workspaceId}, ${t.tagId}, ${t.folderId}, ${t.groupId}, ${t.name}, ${t.colour})`),
  );
}

export async function updateTag(
  tx: Tx,
  workspaceId: string,
  tagId: string,
  t: { name: string; colour: TabStyle; groupId: string | null },
): Promise<boolean> {
  return nameTaken(() =>
    tx.execute(sql`update tags set name = ${t.name}, colour = ${t.colour}, group_id = ${t.groupId}
      where workspace_id = ${workspaceId} and tag_id = ${tagId}`),
  );
}

export async function deleteTag(tx: Tx, workspaceId: string, tagId: string) {
  await tx.execute(sql`delete from tags where workspace_id = ${workspaceId} and tag_id = ${tagId}`);
}

export async function insertGroup(tx: Tx, g: { workspaceId: string; groupId: string; folderId: string; name: string }) {
  return nameTaken(() =>
    tx.execute(sql`insert into tag_groups (workspace_id, group_id, folder_id, name)
      values (${g.workspaceId}, ${g.groupId}, ${g.folderId}, ${g.name})`),
  );
}

export async function renameGroup(tx: Tx, workspaceId: string, groupId: string, name: string) {
  return nameTaken(() =>
    tx.execute(sql`update tag_groups set name = ${name} where workspace_id = ${workspaceId} and group_id = ${groupId}`),
  );
}

/** Deletes a group; its tags stay, ungrouped. */
export async function deleteGroup(tx: Tx, workspaceId: string, groupId: string) {
  await tx.execute(sql`update tags set group_id = null where workspace_id = ${workspaceId} and group_id = ${groupId}`);
  await tx.execute(sql`delete from tag_groups where workspace_id = ${workspaceId} and group_id = ${groupId}`);
}

/* Comments (issue 19.3) */

type CommentRow = {
  comment_id: string;
  photo_id: string;
  body: string;
  author_id: string | null;
  author_name: string | null;
  mentions: { id: string; name: string }[] | null;
  created_at: string | Date;
};

export type CommentRecord = {
  id: string;
  photoId: string;
  body: string;
  author: { id: string; name: string } | null;
  mentions: { id: string; name: string }[];
  createdAt: string;
};

const commentColumns = sql`
  c.comment_id, c.photo_id, c.body, c.author_id, c.created_at,
  trim(concat_ws(' ', u.first_name, u.last_name)) as author_name,
  (select json_agg(json_build_object('id', m.user_id, 'name', trim(concat_ws(' ', m.first_name, m.last_name)))
          order by array_position(c.mentions, m.user_id))
     from users m where m.user_id = any(c.mentions)) as mentions`;

function toComment(row: CommentRow): CommentRecord {
  return {
    id: row.comment_id,
    photoId: row.photo_id,
    body: row.body,
    author: row.author_id ? { id: row.author_id, name: row.author_name ?? '' } : null,
    mentions: row.mentions ?? [],
    createdAt: iso(row.created_at),
  };
}

/** A photo's comments, oldest first. */
export async function photoComments(tx: Tx, workspaceId: string, photoId: string): Promise<CommentRecord[]> {
  const result = await tx.execute<CommentRow>(sql`
    select ${commentColumns} from photo_comments c left join users u on u.user_id = c.author_id
     where c.workspace_id = ${workspaceId} and c.photo_id = ${photoId}
     order by c.created_at, c.comment_id`);
  return result.rows.map(toComment);
}

/** One comment of the workspace by its id (a replayed post finds the comment it made). */
export async function commentById(tx: Tx, workspaceId: string, commentId: string) {
  const result = await tx.execute<CommentRow>(sql`
    select ${commentColumns} from photo_comments c left join users u on u.user_id = c.author_id
     where c.workspace_id = ${workspaceId} and c.comment_id = ${commentId}`);
  const [row] = result.rows;
  return row ? toComment(row) : undefined;
}

export async function insertComment(
  tx: Tx,
  c: { workspaceId: string; commentId: string; photoId: string; authorId: string; body: string; mentions: string[] },
): Promise<void> {
  await tx.execute(sql`
    insert into photo_comments (workspace_id, comment_id, photo_id, author_id, body, mentions)
    values (${c.workspaceId}, ${c.commentId}, ${c.photoId}, ${c.authorId}, ${c.body}, ${uuidArray(c.mentions)})`);
}

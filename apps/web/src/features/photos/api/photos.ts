import { type Person, teamPeopleSchema } from '@formwork/shared/schemas/people';
import {
  type Photo,
  type PhotoComment,
  type PhotoCommentCreate,
  type PhotoComments,
  type PhotoPage,
  type PhotoSource,
  type PhotoState,
  type PhotoZip,
  type ProjectAlignment,
  type ProjectAlignmentAnswer,
  photoActionResultSchema,
  photoCommentSchema,
  photoCommentsSchema,
  photoPageSchema,
  photoZipSchema,
  projectAlignmentAnswerSchema,
  projectAlignmentSchema,
  type Tag,
  type TagCatalog,
  type TagCreate,
  type TagGroup,
  type TagUpdate,
  tagCatalogSchema,
  tagGroupSchema,
  tagSchema,
} from '@formwork/shared/schemas/photos';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../lib/http.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useJobPoll } from '../../../lib/use-job-poll.ts';

/** The filters of a team's gallery (issue 19): state, tags (any of), days, uploader and source. */
export type GalleryFilter = {
  state: PhotoState;
  tagIds: string[];
  from: string;
  to: string;
  uploadedBy: string;
  source: PhotoSource | '';
};

export const emptyGalleryFilter: GalleryFilter = {
  state: 'active',
  tagIds: [],
  from: '',
  to: '',
  uploadedBy: '',
  source: '',
};

/** Query keys of photos: every change in a team refreshes its gallery and tags together. */
export const photoKeys = {
  all: ['photos'] as const,
  team: (teamId: string) => ['photos', teamId] as const,
  gallery: (teamId: string, filter: GalleryFilter) => ['photos', teamId, 'gallery', filter] as const,
  tags: (teamId: string) => ['photos', teamId, 'tags'] as const,
  comments: (teamId: string, photoId: string) => ['photos', teamId, 'comments', photoId] as const,
  people: (teamId: string) => ['photos', teamId, 'people'] as const,
  alignment: (teamId: string) => ['photos', teamId, 'alignment'] as const,
  zip: (teamId: string, zipId: string) => ['photos', teamId, 'zip', zipId] as const,
};

export const galleryPageSize = 120;

const teamUrl = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

export function galleryQuery(filter: GalleryFilter, cursor: string | null): string {
  const query = new URLSearchParams({ state: filter.state, limit: String(galleryPageSize) });
  if (filter.tagIds.length > 0) query.set('tagIds', filter.tagIds.join(','));
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.uploadedBy) query.set('uploadedBy', filter.uploadedBy);
  if (filter.source) query.set('source', filter.source);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** The gallery, a page at a time (keyset cursor), newest first. */
export function useGallery(teamId: string, filter: GalleryFilter) {
  return useInfiniteQuery({
    queryKey: photoKeys.gallery(teamId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PhotoPage>(`${teamUrl(teamId)}/photos?${galleryQuery(filter, pageParam)}`, {
        signal,
        response: photoPageSchema,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useTagCatalog(teamId: string) {
  return useQuery({
    queryKey: photoKeys.tags(teamId),
    queryFn: ({ signal }) =>
      apiRequest<TagCatalog>(`${teamUrl(teamId)}/photo-tags`, { signal, response: tagCatalogSchema }),
  });
}

/** Uploads one photo; `photoId` is made once per file, so a retry answers the photo already made. */
export function uploadPhoto(
  teamId: string,
  upload: { photoId: string; file: File },
  onProgress: (fraction: number) => void,
): Promise<Photo> {
  const query = new URLSearchParams({ photoId: upload.photoId, fileName: upload.file.name });
  return apiUpload<Photo>(`${teamUrl(teamId)}/photos?${query}`, upload.file, 'POST', { onProgress });
}

/** A change to a team's photos or tags: refreshes them and the activity feeds. */
function usePhotoMutation<V, R>(teamId: string, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: photoKeys.team(teamId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

/** Refreshes a team's gallery (after uploads). */
export function useRefreshGallery(teamId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: photoKeys.team(teamId) });
}

const selectionCall = (teamId: string, action: 'archive' | 'restore' | 'delete') => (photoIds: string[]) =>
  apiRequest(`${teamUrl(teamId)}/photos/${action}`, {
    method: 'POST',
    body: { photoIds },
    response: photoActionResultSchema,
  });

export const useArchivePhotos = (teamId: string) => usePhotoMutation(teamId, selectionCall(teamId, 'archive'));
export const useRestorePhotos = (teamId: string) => usePhotoMutation(teamId, selectionCall(teamId, 'restore'));
export const useDeletePhotos = (teamId: string) => usePhotoMutation(teamId, selectionCall(teamId, 'delete'));

export function useTagPhotos(teamId: string) {
  return usePhotoMutation(teamId, (body: { photoIds: string[]; add: string[]; remove: string[] }) =>
    apiRequest(`${teamUrl(teamId)}/photos/tags`, { method: 'POST', body, response: photoActionResultSchema }),
  );
}

export function useTransferPhotos(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { photoIds: string[]; targetTeamId: string; mode: 'move' | 'copy' }) =>
      apiRequest(`${teamUrl(teamId)}/photos/transfer`, { method: 'POST', body, response: photoActionResultSchema }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: photoKeys.all });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

/** Asks for a selection as one ZIP: the server answers at once with the job that makes it. */
export function useRequestPhotoZip(teamId: string) {
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      apiRequest<PhotoZip>(`${teamUrl(teamId)}/photos/zip`, {
        method: 'POST',
        body: { photoIds },
        response: photoZipSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/** A ZIP being made, polled every second until it is ready, failed or expired. */
export function usePhotoZip(teamId: string, zipId: string) {
  return useJobPoll({
    queryKey: photoKeys.zip(teamId, zipId),
    queryFn: ({ signal }) =>
      apiRequest<PhotoZip>(`${teamUrl(teamId)}/photo-zips/${encodeURIComponent(zipId)}`, {
        signal,
        response: photoZipSchema,
      }),
    pending: (zip) => ['queued', 'running'].includes(zip?.state ?? 'queued'),
  });
}

/** Where a tag lives: the team's own, or its project's (every team of the project sees it). */
export type TagHome = { level: 'team' | 'project'; folderId: string };
const tagHomeUrl = (home: TagHome) =>
  `/api/${home.level === 'team' ? 'teams' : 'projects'}/${encodeURIComponent(home.folderId)}`;

export function useCreateTag(teamId: string) {
  return usePhotoMutation(teamId, ({ home, body }: { home: TagHome; body: TagCreate }) =>
    apiRequest<Tag>(`${tagHomeUrl(home)}/photo-tags`, { method: 'POST', body, response: tagSchema }),
  );
}

export function useUpdateTag(teamId: string) {
  return usePhotoMutation(teamId, ({ tag, body }: { tag: Tag; body: TagUpdate }) =>
    apiRequest<Tag>(`${tagHomeUrl({ level: tag.level, folderId: tag.folderId })}/photo-tags/${tag.id}`, {
      method: 'PATCH',
      body,
      response: tagSchema,
    }),
  );
}

export function useDeleteTag(teamId: string) {
  return usePhotoMutation(teamId, (tag: Tag) =>
    apiRequest(`${tagHomeUrl({ level: tag.level, folderId: tag.folderId })}/photo-tags/${tag.id}`, {
      method: 'DELETE',
    }),
  );
}

/** Tag groups of a project or a team: tags are grouped in them (issue 19). */
export function useCreateTagGroup(teamId: string) {
  return usePhotoMutation(teamId, ({ home, name }: { home: TagHome; name: string }) =>
    apiRequest<TagGroup>(`${tagHomeUrl(home)}/photo-tag-groups`, {
      method: 'POST',
      body: { name },
      response: tagGroupSchema,
    }),
  );
}

export function useRenameTagGroup(teamId: string) {
  return usePhotoMutation(teamId, ({ group, name }: { group: TagGroup; name: string }) =>
    apiRequest<TagGroup>(
      `${tagHomeUrl({ level: group.level, folderId: group.folderId })}/photo-tag-groups/${group.id}`,
      {
        method: 'PATCH',
        body: { name },
        response: tagGroupSchema,
      },
    ),
  );
}

export function useDeleteTagGroup(teamId: string) {
  return usePhotoMutation(teamId, (group: TagGroup) =>
    apiRequest(`${tagHomeUrl({ level: group.level, folderId: group.folderId })}/photo-tag-groups/${group.id}`, {
      method: 'DELETE',
    }),
  );
}

/** A photo's comments, oldest first (issue 19.3). */
export function usePhotoComments(teamId: string, photoId: string) {
  return useQuery({
    queryKey: photoKeys.comments(teamId, photoId),
    queryFn: ({ signal }) =>
      apiRequest<PhotoComments>(`${teamUrl(teamId)}/photos/${encodeURIComponent(photoId)}/comments`, {
        signal,
        response: photoCommentsSchema,
      }),
  });
}

/** The people who can see the team: who a comment may mention. */
export function useMentionablePeople(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: photoKeys.people(teamId),
    queryFn: ({ signal }) =>
      apiRequest<{ people: Person[] }>(`${teamUrl(teamId)}/people`, { signal, response: teamPeopleSchema }),
    enabled,
  });
}

export function useAddPhotoComment(teamId: string, photoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PhotoCommentCreate) =>
      apiRequest<PhotoComment>(`${teamUrl(teamId)}/photos/${encodeURIComponent(photoId)}/comments`, {
        method: 'POST',
        body,
        response: photoCommentSchema,
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: photoKeys.comments(teamId, photoId) });
      await client.invalidateQueries({ queryKey: queryRoots.activity });
    },
  });
}

/** The alignment of the team's project (issue 19.4), or null: drawn on the gallery's map. */
export function useTeamAlignment(teamId: string, enabled = true) {
  return useQuery({
    queryKey: photoKeys.alignment(teamId),
    queryFn: ({ signal }) =>
      apiRequest<ProjectAlignmentAnswer>(`${teamUrl(teamId)}/photo-alignment`, {
        signal,
        response: projectAlignmentAnswerSchema,
      }),
    enabled,
  });
}

const alignmentUrl = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/photo-alignment`;

/** Uploads (or replaces) the project's alignment; every team's gallery measures its photos again. */
export function useUploadAlignment(teamId: string, projectId: string) {
  return usePhotoMutation(teamId, (body: { fileName: string; content: string }) =>
    apiRequest<ProjectAlignment>(alignmentUrl(projectId), { method: 'PUT', body, response: projectAlignmentSchema }),
  );
}

export function useRemoveAlignment(teamId: string, projectId: string) {
  return usePhotoMutation(teamId, () => apiRequest(alignmentUrl(projectId), { method: 'DELETE' }));
}

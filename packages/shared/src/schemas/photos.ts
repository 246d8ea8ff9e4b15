import { z } from 'zod';
import { cursorPart, keysetCursor } from './cursor.ts';
import { uploadFileNameSchema } from './files.ts';
import { tabStyleSchema } from './tabs.ts';

/**
 * Photos (spec 3, 6, 9; issue 19): a team's gallery, its tags and tag groups. A photo is uploaded
 * to the gallery or taken in a form's photo field; it is kept in the sizes of spec 9 (XS to XL).
 */

const id = z.string().uuid();

/** Spec 9: photo sizes XS to XL, by the longest edge in pixels; XL is the stored photo itself. */
export const photoSizeEdges = { xs: 160, s: 320, m: 640, l: 1280, xl: 2560 } as const;
export type PhotoSize = keyof typeof photoSizeEdges;
export const photoSizes = Object.keys(photoSizeEdges) as PhotoSize[];
/** The sizes written beside the stored photo. */
export const photoThumbnailSizes = ['xs', 's', 'm', 'l'] as const satisfies readonly PhotoSize[];

/** Spec 9: photo tags max 10 per apply. */
export const maxTagsPerApply = 10;
/** How many photos one selection action changes at most. */
export const maxPhotosPerAction = 500;
/** Gallery page size bounds. */
export const photoPageLimits = { default: 100, max: 200 } as const;

export const photoStates = ['active', 'archived'] as const;
export const photoStateSchema = z.enum(photoStates);
export type PhotoState = z.infer<typeof photoStateSchema>;

/** Where a photo came from: uploaded to the gallery, or taken in a form. */
export const photoSources = ['upload', 'form'] as const;
export const photoSourceSchema = z.enum(photoSources);
export type PhotoSource = z.infer<typeof photoSourceSchema>;

export const photoSchema = z.object({
  id,
  teamId: id,
  source: photoSourceSchema,
  /** The form the photo was taken in (source form). */
  formId: id.nullable(),
  state: photoStateSchema,
  fileName: z.string().nullable(),
  /** When the photo was taken, from its own metadata; null when it had none. */
  takenAt: z.string().nullable(),
  /** What the gallery orders and groups by: when it was taken, else when it was uploaded. */
  shotAt: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  uploadedBy: z.object({ id, name: z.string() }).nullable(),
  uploadedAt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  tagIds: z.array(id),
  /**
   * Where the photo lies along its project's alignment (issue 19.4): the chainage (metres along the
   * line from its start) and the offset (metres from the line, negative left and positive right,
   * looking along the line). Null without a location, without an alignment, or further than
   * alignmentReachM from the line.
   */
  chainage: z.object({ chainageM: z.number(), offsetM: z.number() }).nullable(),
  /** Address of each size (bearer-authenticated); XL is the stored photo. */
  urls: z.object({ xs: z.string(), s: z.string(), m: z.string(), l: z.string(), xl: z.string() }),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoUploadQuerySchema = z.object({
  /** Made by the client: sending the same upload again answers the photo it made (a retry). */
  photoId: id.meta({ examples: ['00000000-0000-4000-8000-00000000a001'] }),
  fileName: uploadFileNameSchema.optional(),
});

const dateOnly = z.iso.date('Enter a date as YYYY-MM-DD');
const idList = (max: number, message: string) =>
  z
    .string()
    .max(max * 37)
    .transform((text) => (text === '' ? [] : [...new Set(text.split(','))]))
    .pipe(z.array(id).max(max, message));

export const photoCursorSchema = keysetCursor(z.tuple([cursorPart.timestamp, cursorPart.id]));

export const photoListQuerySchema = z
  .object({
    state: photoStateSchema.default('active'),
    /** Comma-separated tag ids: photos with any of them. */
    tagIds: idList(maxTagsPerApply, `Filter by at most ${maxTagsPerApply} tags`).optional(),
    /** Days (in the workspace's time zone), both included. */
    from: dateOnly.optional(),
    to: dateOnly.optional(),
    uploadedBy: id.optional(),
    source: photoSourceSchema.optional(),
    cursor: photoCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(photoPageLimits.max).default(photoPageLimits.default),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'The end date is before the start date',
  });
export type PhotoListQuery = z.input<typeof photoListQuerySchema>;

export const photoPageSchema = z.object({ photos: z.array(photoSchema), nextCursor: z.string().nullable() });
export type PhotoPage = z.infer<typeof photoPageSchema>;

export const photoParamsSchema = z.object({ teamId: id, photoId: id });
export const photoImageParamsSchema = photoParamsSchema.extend({
  size: z.enum(photoSizes as [PhotoSize, ...PhotoSize[]]),
});
export const photoImageQuerySchema = z.object({ download: z.enum(['true', 'false']).default('false') });

const photoIdsSchema = z
  .array(id)
  .min(1, 'Select at least one photo')
  .max(maxPhotosPerAction, `Select at most ${maxPhotosPerAction} photos`);

export const photoSelectionSchema = z.object({ photoIds: photoIdsSchema }).strict();
export type PhotoSelection = z.infer<typeof photoSelectionSchema>;

/**
 * Download of a selection as one ZIP, made by a job (issue 19): the request answers at once with
 * the job, which streams the stored photos into a ZIP in storage while recording how many it has
 * written; the ZIP can be downloaded by whoever asked for it until it expires, then it is removed.
 */
export const maxPhotosPerZip = 5000;
/** How long a finished ZIP stays downloadable. */
export const photoZipTtlHours = 24;

export const photoZipRequestSchema = z
  .object({
    photoIds: z
      .array(id)
      .min(1, 'Select at least one photo')
      .max(maxPhotosPerZip, `Select at most ${maxPhotosPerZip} photos`),
  })
  .strict();
export type PhotoZipRequest = z.infer<typeof photoZipRequestSchema>;

export const photoZipStates = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type PhotoZipState = (typeof photoZipStates)[number];

export const photoZipParamsSchema = z.object({ teamId: id, zipId: id });

export const photoZipSchema = z.object({
  zipId: id,
  state: z.enum(photoZipStates),
  /** Photos asked for, and how many are in the ZIP so far (photos deleted or moved meanwhile are left out). */
  photoCount: z.number().int(),
  writtenCount: z.number().int(),
  fileName: z.string().nullable(),
  /** GET it (with the bearer token) once ready: the ZIP as an attachment. */
  downloadUrl: z.string().nullable(),
  /** When a ready ZIP stops being downloadable (then it is removed). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PhotoZip = z.infer<typeof photoZipSchema>;

/** Spec 9: at most 10 tags applied (or removed) at once. */
export const photoTagApplySchema = z
  .object({
    photoIds: photoIdsSchema,
    add: z.array(id).max(maxTagsPerApply, `Apply at most ${maxTagsPerApply} tags at once`).default([]),
    remove: z.array(id).max(maxTagsPerApply, `Remove at most ${maxTagsPerApply} tags at once`).default([]),
  })
  .strict()
  .refine((b) => b.add.length + b.remove.length > 0, { path: ['add'], message: 'Choose a tag' });
export type PhotoTagApply = z.input<typeof photoTagApplySchema>;

/** Move or copy a selection to another team of the same project. */
export const photoTransferSchema = z
  .object({
    photoIds: photoIdsSchema,
    targetTeamId: id,
    mode: z.enum(['move', 'copy']),
  })
  .strict();
export type PhotoTransfer = z.infer<typeof photoTransferSchema>;

export const photoActionResultSchema = z.object({ photoIds: z.array(id) });

/** Tags and tag groups: at a project (every team of it) or a team. */
export const tagLevels = ['project', 'team'] as const;
export type TagLevel = (typeof tagLevels)[number];

export const tagNameSchema = z.string().trim().min(1, 'Tag name is required').max(100);
export const tagGroupNameSchema = z.string().trim().min(1, 'Tag group name is required').max(100);

export const tagSchema = z.object({
  id,
  folderId: id,
  level: z.enum(tagLevels),
  groupId: id.nullable(),
  name: z.string(),
  colour: tabStyleSchema,
});
export type Tag = z.infer<typeof tagSchema>;

export const tagGroupSchema = z.object({ id, folderId: id, level: z.enum(tagLevels), name: z.string() });
export type TagGroup = z.infer<typeof tagGroupSchema>;

/** The tags a team's gallery offers: its project's and its own. */
export const tagCatalogSchema = z.object({ groups: z.array(tagGroupSchema), tags: z.array(tagSchema) });
export type TagCatalog = z.infer<typeof tagCatalogSchema>;

export const tagCreateSchema = z
  .object({ name: tagNameSchema, colour: tabStyleSchema.default('dark-blue'), groupId: id.nullable().default(null) })
  .strict();
export type TagCreate = z.input<typeof tagCreateSchema>;
export const tagUpdateSchema = z
  .object({ name: tagNameSchema.optional(), colour: tabStyleSchema.optional(), groupId: id.nullable().optional() })
  .strict();
export type TagUpdate = z.input<typeof tagUpdateSchema>;
export const tagGroupCreateSchema = z.object({ name: tagGroupNameSchema }).strict();
export const tagGroupUpdateSchema = tagGroupCreateSchema;

export const tagParamsSchema = z.object({ tagId: id });
export const tagGroupParamsSchema = z.object({ groupId: id });

/* Comments on a photo, with mentions of people who can see the team (issue 19.3) */

export const maxCommentLength = 2000;
/** How many people one comment mentions at most. */
export const maxMentionsPerComment = 20;

export const photoCommentCreateSchema = z
  .object({
    /** Made by the client: sending the same comment again answers the comment it made (a retry). */
    commentId: id.meta({ examples: ['00000000-0000-4000-8000-00000000c001'] }),
    body: z
      .string()
      .trim()
      .min(1, 'Write a comment')
      .max(maxCommentLength, `A comment has at most ${maxCommentLength} characters`),
    /** People mentioned (user ids): each must be able to see the team; each is e-mailed. */
    mentions: z.array(id).max(maxMentionsPerComment, `Mention at most ${maxMentionsPerComment} people`).default([]),
  })
  .strict();
export type PhotoCommentCreate = z.input<typeof photoCommentCreateSchema>;

const personRef = z.object({ id, name: z.string() });
export const photoCommentSchema = z.object({
  id,
  photoId: id,
  body: z.string(),
  author: personRef.nullable(),
  mentions: z.array(personRef),
  createdAt: z.string(),
});
export type PhotoComment = z.infer<typeof photoCommentSchema>;

export const photoCommentsSchema = z.object({ comments: z.array(photoCommentSchema) });
export type PhotoComments = z.infer<typeof photoCommentsSchema>;

/**
 * Project alignment (spec 3; issue 19.4): the centreline of a road, rail or pipe, uploaded by a
 * project controller as KML or GeoJSON (LineString or MultiLineString). One per project.
 */
export const alignmentLimits = {
  /** Characters of the uploaded file. */
  maxChars: 2_000_000,
  /** Points of every line together. */
  maxPoints: 50_000,
} as const;
/** Photos further than this from the line (in metres) have no chainage: they are not on the job. */
export const alignmentReachM = 5_000;

export const alignmentUploadSchema = z
  .object({
    fileName: z.string().trim().min(1, 'A file name is required').max(255),
    /** The file's text: a KML document or GeoJSON. */
    content: z
      .string()
      .min(1, 'The file is empty')
      .max(alignmentLimits.maxChars, 'The file is larger than 2 MB')
      .meta({
        examples: ['{"type":"LineString","coordinates":[[151.2,-33.87],[151.21,-33.87]]}'],
      }),
  })
  .strict();
export type AlignmentUpload = z.input<typeof alignmentUploadSchema>;

/** A point as GeoJSON writes it: longitude, then latitude (degrees). */
export const lonLatSchema = z.tuple([z.number(), z.number()]);
export type LonLat = z.infer<typeof lonLatSchema>;

export const projectAlignmentSchema = z.object({
  projectId: id,
  fileName: z.string(),
  /** The lines in order; chainage runs along them one after another. */
  lines: z.array(z.array(lonLatSchema)),
  /** Length of every line together, in metres. */
  lengthM: z.number(),
  updatedAt: z.string(),
});
export type ProjectAlignment = z.infer<typeof projectAlignmentSchema>;
/**
 * Tiles the deployment draws under the map (MAP_TILES_URL): a URL with {z}, {x} and {y} (Web
 * Mercator tiles of 256 px), the credit the tile provider asks for, and the highest zoom it has.
 */
export const mapTilesSchema = z.object({
  urlTemplate: z.string(),
  attribution: z.string().nullable(),
  maxZoom: z.number().int(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

/** The alignment for the map, and the tiles under it when the deployment has some (else the map is drawn alone). */
export const projectAlignmentAnswerSchema = z.object({
  alignment: projectAlignmentSchema.nullable(),
  tiles: mapTilesSchema.nullable(),
});
export type ProjectAlignmentAnswer = z.infer<typeof projectAlignmentAnswerSchema>;

import { z } from 'zod';
import { folderKinds } from '../permissions.ts';
import {
  templateDefinitionSchema,
  templateTextSchema,
  templateTypeSchema,
  templateTypes,
} from '../templates/template-definition.ts';
import { tabSchema } from './tabs.ts';

/**
 * Template contracts (spec 3, 4.1, 7). A template lives in a folder: the company (the Template
 * Library, `isCompany`) or a team. Library templates reach teams by deployment; a team sees them
 * beside its own templates with `isDeployed: true` (edited only in the library).
 *
 * Validation problems answer 400 `validationFailed` with `errors[]`: `path` is `body.` followed by
 * the place in the request (the same path validateTemplate() of templates/validate-template.ts
 * returns, e.g. `body.definition.fields.3`), `message` the spec's words, `code` the issue code and,
 * for field rules, `fieldId`.
 */

const id = z.string().uuid();

/** Lists show Active or Archived templates (deleted ones are gone). */
export const templateListStates = ['active', 'archived'] as const;
export const templateListStateSchema = z.enum(templateListStates);
export type TemplateListState = z.infer<typeof templateListStateSchema>;

export const templateParamsSchema = z.object({ templateId: id });
export const templateListQuerySchema = z.object({ state: templateListStateSchema.default('active') });
/** `lightweight=true`: everything but the definition (which is null). */
export const templateGetQuerySchema = z.object({ lightweight: z.enum(['true', 'false']).default('false') });

const typeSchema = z.enum(templateTypes, { error: 'Template type is required' });

export const templateSummarySchema = z.object({
  templateId: id,
  /** The folder it lives in: the company (Template Library) or a team. */
  folderId: id,
  isCompany: z.boolean(),
  name: z.string(),
  /** The user-visible Template ID. */
  templateCode: z.string(),
  formName: z.string(),
  type: templateTypeSchema,
  state: templateListStateSchema,
  /** The version new forms use; every save adds one. */
  currentVersion: z.number().int(),
  tabIds: z.array(id),
  /** Library template: deployed to at least one team. In a team's list: reached by deployment. */
  isDeployed: z.boolean(),
  /** Library templates: the teams it is deployed to (empty for team templates). */
  deployedTeamIds: z.array(id),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateSchema = templateSummarySchema.extend({
  /** The folder path [companyId, projectId?, teamId?] of the template's folder. */
  path: z.array(id),
  /** The current version's definition; null when asked for the lightweight template. */
  definition: templateDefinitionSchema.nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/** The Template Library (company) or a team's Templates: the workspace's tabs and the templates. */
export const templateListSchema = z.object({
  folder: z.object({ folderId: id, kind: z.enum(folderKinds) }),
  state: templateListStateSchema,
  tabs: z.array(tabSchema),
  templates: z.array(templateSummarySchema),
});
export type TemplateList = z.infer<typeof templateListSchema>;

export const templateCreateSchema = z
  .object({
    name: templateTextSchema,
    templateCode: templateTextSchema,
    formName: templateTextSchema,
    /** Timeline, Workflow or Register; fixed after creation (clone to change). */
    type: typeSchema,
    definition: templateDefinitionSchema,
    tabIds: z.array(id).max(100).default([]),
  })
  .strict();
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

/**
 * Save: a new immutable version. `expectedVersion` is the version the edit started from; another
 * save in between answers 409 `staleVersion` (meta.currentVersion). `type` may be sent but never
 * changes.
 */
export const templateSaveSchema = z
  .object({
    expectedVersion: z.number().int().min(1),
    name: templateTextSchema,
    templateCode: templateTextSchema,
    formName: templateTextSchema,
    type: templateTypeSchema.optional(),
    definition: templateDefinitionSchema,
  })
  .strict();
export type TemplateSave = z.infer<typeof templateSaveSchema>;

/** Clone into the same folder, optionally as another type (the way to change type, spec 4.1). */
export const templateCloneSchema = z
  .object({
    name: templateTextSchema,
    templateCode: templateTextSchema,
    formName: templateTextSchema.optional(),
    type: templateTypeSchema.optional(),
  })
  .strict();
export type TemplateClone = z.infer<typeof templateCloneSchema>;

/**
 * Archive, restore or delete templates of one folder (spec 7: folder id, isCompany flag, list of
 * {_id}). A missing folder answers 400 appArchivedError; an empty list 400 emptySelection.
 */
export const templateStateChangeSchema = z
  .object({
    folderId: id.optional(),
    isCompany: z.boolean(),
    templates: z.array(z.object({ _id: id }).loose()).max(1000),
  })
  .strict();
export type TemplateStateChange = z.infer<typeof templateStateChangeSchema>;

export const templateStateChangeResultSchema = z.object({
  state: z.enum(['active', 'archived', 'deleted']),
  /** The templates whose state changed. */
  templateIds: z.array(id),
});
export type TemplateStateChangeResult = z.infer<typeof templateStateChangeResultSchema>;

/** Manage deployment: the exact set of team folders the library template is deployed to. */
export const deploymentSetSchema = z.object({ teamIds: z.array(id).max(5000) }).strict();
export const deploymentSchema = z.object({
  templateId: id,
  teamIds: z.array(id),
  /** Teams added and removed by this call (empty on GET). */
  added: z.array(id),
  removed: z.array(id),
});
export type Deployment = z.infer<typeof deploymentSchema>;

/** Bulk Deploy / Undeploy: these library templates to (from) these teams. */
export const bulkDeploymentSchema = z
  .object({ templateIds: z.array(id).max(1000), teamIds: z.array(id).max(5000) })
  .strict();
export type BulkDeployment = z.infer<typeof bulkDeploymentSchema>;
export const bulkDeploymentResultSchema = z.object({
  /** The (template, team) pairs that changed. */
  changed: z.array(z.object({ templateId: id, teamId: id })),
});
export type BulkDeploymentResult = z.infer<typeof bulkDeploymentResultSchema>;

export const templateVersionSummarySchema = z.object({
  version: z.number().int(),
  name: z.string(),
  templateCode: z.string(),
  formName: z.string(),
  createdAt: z.string(),
  createdBy: id.nullable(),
});
export const templateVersionListSchema = z.object({
  templateId: id,
  versions: z.array(templateVersionSummarySchema),
});
export const templateVersionParamsSchema = z.object({ templateId: id, version: z.coerce.number().int().min(1) });
export const templateVersionSchema = templateVersionSummarySchema.extend({
  templateId: id,
  definition: templateDefinitionSchema,
});

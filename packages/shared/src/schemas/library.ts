import { z } from 'zod';
import { templateDefinitionSchema, templateTypeSchema } from '../templates/template-definition.ts';

/**
 * The free template library (spec 2.1 `library-apps`, 2.5 "Browse free templates"; issue 22.2):
 * ready templates kept with the product, browsed by category, previewed and copied into a folder
 * (the Template Library or a team) as a normal template with a fresh id.
 */

/** The library's shelves, in the order the browser shows them. */
export const libraryCategories = ['safety', 'permits', 'plant', 'quality', 'site', 'environment'] as const;
export const libraryCategorySchema = z.enum(libraryCategories);
export type LibraryCategory = z.infer<typeof libraryCategorySchema>;

/** A catalogue entry's key: lowercase words joined by hyphens (`site-diary`), stable across releases. */
export const librarySlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Unknown free template')
  .max(80)
  .meta({ examples: ['site-diary'] });

export const libraryTemplateParamsSchema = z.object({ libraryTemplateId: librarySlugSchema });

export const libraryTemplateSummarySchema = z.object({
  libraryTemplateId: librarySlugSchema,
  category: libraryCategorySchema,
  name: z.string(),
  /** What the template is for, in a sentence or two. */
  description: z.string(),
  /** The Template ID the copy starts from (another number when the workspace already uses it). */
  templateCode: z.string(),
  formName: z.string(),
  type: templateTypeSchema,
  /** How many fields the template has (page breaks and read-only text included), for the card. */
  fieldCount: z.number().int(),
});
export type LibraryTemplateSummary = z.infer<typeof libraryTemplateSummarySchema>;

export const libraryCatalogueSchema = z.object({ templates: z.array(libraryTemplateSummarySchema) });
export type LibraryCatalogue = z.infer<typeof libraryCatalogueSchema>;

/** One entry with its whole definition, for the preview. */
export const libraryTemplateSchema = libraryTemplateSummarySchema.extend({ definition: templateDefinitionSchema });
export type LibraryTemplate = z.infer<typeof libraryTemplateSchema>;

/** Copy into the folder of the route; optionally onto workspace tabs (as a created template). */
export const libraryCopySchema = z.object({ tabIds: z.array(z.string().uuid()).max(100).default([]) }).strict();
export type LibraryCopy = z.infer<typeof libraryCopySchema>;

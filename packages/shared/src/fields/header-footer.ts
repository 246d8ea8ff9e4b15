import { z } from 'zod';
import { imageRefSchema, itemIdSchema } from './field-base.ts';

/** Spec 9: header text 35 characters, footer text 24 (per prefilled-text item). */
export const headerTextLimit = 35;
export const footerTextLimit = 24;

const itemShape = {
  id: itemIdSchema,
  position: z.enum(['left', 'centre', 'right']).default('left'),
};

/** The header/footer items of spec 3; `image` and `prefilledText` together are "prefilled text or image". */
export const headerFooterItemSchema = z.discriminatedUnion('type', [
  /** The workspace logo (image null) or an uploaded one, under 50Kb. */
  z.object({ ...itemShape, type: z.literal('logo'), image: imageRefSchema.nullable().default(null) }),
  z.object({ ...itemShape, type: z.literal('filePath') }),
  z.object({ ...itemShape, type: z.literal('workspaceProjectTeam') }),
  z.object({ ...itemShape, type: z.literal('templateId') }),
  z.object({ ...itemShape, type: z.literal('templateVersion') }),
  z.object({ ...itemShape, type: z.literal('formVersion') }),
  z.object({ ...itemShape, type: z.literal('pdfCreationDateTime') }),
  z.object({ ...itemShape, type: z.literal('pdfPageNumber') }),
  z.object({ ...itemShape, type: z.literal('exportDisclaimer') }),
  z.object({ ...itemShape, type: z.literal('prefilledText'), text: z.string().max(1000).default('') }),
  /** JPG, JPEG, PNG or BMP under 5MB. */
  z.object({ ...itemShape, type: z.literal('image'), image: imageRefSchema }),
]);
export type HeaderFooterItem = z.infer<typeof headerFooterItemSchema>;
export type HeaderFooterItemType = HeaderFooterItem['type'];

export const headerFooterSchema = z.object({ items: z.array(headerFooterItemSchema).max(20).default([]) });
export type HeaderFooter = z.infer<typeof headerFooterSchema>;

/**
 * What a new template's PDF header and footer hold until its author changes them (issue 14.6):
 * the logo, workspace - project - team and the Template ID on top; the PDF creation date and
 * time and the page number below. The editor's new template and the server (a template created
 * without a header or footer) both start from these.
 */
export function defaultHeader(): HeaderFooter {
  return {
    items: [
      { id: 'logo', type: 'logo', position: 'left', image: null },
      { id: 'where', type: 'workspaceProjectTeam', position: 'centre' },
      { id: 'template-id', type: 'templateId', position: 'right' },
    ],
  };
}

export function defaultFooter(): HeaderFooter {
  return {
    items: [
      { id: 'created', type: 'pdfCreationDateTime', position: 'left' },
      { id: 'page', type: 'pdfPageNumber', position: 'right' },
    ],
  };
}

export const headerFooterItemLabels = {
  logo: 'Logo',
  filePath: 'Filepath',
  workspaceProjectTeam: 'Workspace - Project - Team',
  templateId: 'Template ID',
  templateVersion: 'Template Version',
  formVersion: 'Form Version',
  pdfCreationDateTime: 'PDF creation date and time',
  pdfPageNumber: 'PDF page number',
  exportDisclaimer: 'Export disclaimer',
  prefilledText: 'Prefilled text',
  image: 'Image',
} as const satisfies Record<HeaderFooterItemType, string>;

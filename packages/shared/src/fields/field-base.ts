import { z } from 'zod';

/**
 * Client-generated ids of fields, columns, options, logic blocks and header/footer items: stable
 * across saves so logic, formulas and the PDF filename can refer to them. Opaque keys: the editor
 * generates them (e.g. short random strings); validation checks they are unique per template.
 */
export const itemIdSchema = z.string().trim().min(1).max(64);

/** Spec 9: photo sizes XS to XL. */
export const photoSizes = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type PhotoSize = (typeof photoSizes)[number];

/** Every field carries these; `label` is the field name shown in the form and used in logic. */
export const fieldBaseShape = {
  id: itemIdSchema,
  label: z.string().max(500).default(''),
  description: z.string().max(2000).optional(),
  required: z.boolean().default(false),
};

/** The API path of an uploaded file, the only address a template image may have. */
const ownFileUrl = /^\/api\/companies\/[0-9a-f-]{36}\/files\/([0-9a-f-]{36})$/;
export const imageUrlMessage = 'Template images must be files uploaded to this workspace, not outside addresses';

/**
 * An uploaded image as the definition records it. The server sniffs the real type at upload; the
 * definition keeps what validation needs (name, declared type, size). Its url, when given, is
 * the API path of that same uploaded file: never an outside address (the web app would fetch it).
 */
export const imageRefSchema = z
  .object({
    fileId: z.string().uuid().optional(),
    url: z.string().max(2000).optional(),
    fileName: z.string().min(1).max(255),
    contentType: z.string().max(100),
    sizeBytes: z.number().int().nonnegative(),
  })
  .superRefine((image, ctx) => {
    if (image.url === undefined) return;
    const named = ownFileUrl.exec(image.url)?.[1];
    if (!named || named !== image.fileId) ctx.addIssue({ code: 'custom', path: ['url'], message: imageUrlMessage });
  });
export type ImageRef = z.infer<typeof imageRefSchema>;

/** Choices of multiple choice, dropdown and table dropdown cells. */
export const choiceOptionSchema = z.object({
  id: itemIdSchema,
  label: z.string().trim().min(1, 'Option label is required').max(200),
  colour: z.string().max(20).optional(),
});
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

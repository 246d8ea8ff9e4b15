import { z } from 'zod';
import { fieldBaseShape } from './field-base.ts';

/** Starts a new page in the PDF; never first, last, beside another, or in a logic block (spec 5.1). */
export const pageBreakFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('pageBreak') });

import { z } from 'zod';
import { fieldBaseShape } from './field-base.ts';

export const dateFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('date'),
  defaultToToday: z.boolean().default(false),
});

export const dateTimeFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('dateTime'),
  defaultToNow: z.boolean().default(false),
});

export const dateRangeFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('dateRange') });

export const dateTimeRangeFieldSchema = z.object({ ...fieldBaseShape, type: z.literal('dateTimeRange') });

/** A date after which the record (a licence, a permit) has expired; warns this many days before. */
export const expiryDateFieldSchema = z.object({
  ...fieldBaseShape,
  type: z.literal('expiryDate'),
  warnDaysBefore: z.number().int().min(0).max(365).default(30),
});

import { z } from 'zod';
import { errorReportLimits } from '../error-report-limits.ts';

/** Spec 8.1: reports are tagged with the HTTP status the error carried (0: no answer at all). */
export const reportedStatuses = [0, 400, 401, 403, 404, 405, 500] as const;

export const errorReportKinds = [
  'serverError',
  'error',
  'unhandledRejection',
  'chunkLoadFailed',
  'accountNotLoaded',
  'httpError',
] as const;
export type ErrorReportKind = (typeof errorReportKinds)[number];

export const breadcrumbSchema = z.object({
  at: z.iso.datetime().meta({ examples: ['2026-11-24T19:00:00.000Z'] }),
  category: z.enum(['navigation', 'click', 'api', 'request', 'console']),
  message: z.string().max(errorReportLimits.breadcrumbMessageLength),
});
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

const requestIdSchema = z.string().regex(/^[A-Za-z0-9._-]{8,64}$/);

/** What the web app reports (POST /api/error-reports, public). */
export const browserErrorReportSchema = z.object({
  kind: z.enum(['error', 'unhandledRejection', 'chunkLoadFailed', 'accountNotLoaded', 'httpError']),
  message: z.string().trim().min(1).max(errorReportLimits.messageLength),
  stack: z.string().max(errorReportLimits.stackLength).optional(),
  /** The HTTP status of the failed call (0: no answer), for errors that came from one. */
  status: z.number().int().min(0).max(599).optional(),
  /** The error was a lazy part of the app that could not be loaded. */
  chunkFailure: z.boolean().default(false),
  /** The failed call's request id (x-request-id), to find it in the server's logs. */
  requestId: requestIdSchema.optional(),
  url: z.string().max(errorReportLimits.urlLength).optional(),
  /** The web app's build (formwork-build). */
  release: z.string().max(100).optional(),
  breadcrumbs: z.array(breadcrumbSchema).max(errorReportLimits.breadcrumbs).default([]),
});
export type BrowserErrorReport = z.input<typeof browserErrorReportSchema>;

export const errorReportSchema = z.object({
  errorReportId: z.string(),
  createdAt: z.string(),
  source: z.enum(['server', 'browser']),
  kind: z.enum(errorReportKinds),
  status: z.number().int().nullable(),
  chunkFailure: z.boolean(),
  message: z.string(),
  stack: z.string().nullable(),
  requestId: z.string().nullable(),
  url: z.string().nullable(),
  release: z.string().nullable(),
  userId: z.string().nullable(),
  breadcrumbs: z.array(breadcrumbSchema),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

/** The same error (one fingerprint): how often, when first and last, and its latest report whole. */
export const errorReportGroupSchema = z.object({
  fingerprint: z.string(),
  count: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  latest: errorReportSchema,
});
export type ErrorReportGroup = z.infer<typeof errorReportGroupSchema>;

export const errorReportGroupsSchema = z.object({ groups: z.array(errorReportGroupSchema) });
export type ErrorReportGroups = z.infer<typeof errorReportGroupsSchema>;

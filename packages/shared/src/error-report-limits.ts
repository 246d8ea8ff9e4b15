// No zod here: the web app's first screen reads these limits.
/** Spec 9: the error reporter keeps at most 100 breadcrumbs and 100 events waiting to be sent. */
export const errorReportLimits = {
  breadcrumbs: 100,
  queuedEvents: 100,
  messageLength: 1_000,
  stackLength: 8_000,
  urlLength: 2_000,
  breadcrumbMessageLength: 300,
  /** The largest browser report the public endpoint takes, in bytes. */
  bodyBytes: 64 * 1024,
} as const;

/**
 * JSON text built by hand in the shape of T (the folder tree: tens of thousands of folders, kept
 * between changes, so a reply neither re-validates nor re-serialises it). Any layer may make one;
 * routes send it with sendJsonText (http/types.ts).
 */
export type JsonText<T> = string & { readonly jsonOf: T };

/** Marks text as the JSON of a T: the caller vouches that it was written from a T. */
export function jsonTextOf<T>(text: string): JsonText<T> {
  return text as JsonText<T>;
}

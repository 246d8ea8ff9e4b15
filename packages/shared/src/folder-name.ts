/**
 * Spec 5.4, the rule of a folder name, without zod so the first screen (inline create and rename
 * in the folder navigation) checks it without loading the contracts; schemas/folders.ts builds
 * the API's schema from the same constants.
 */
export const folderNameMessage = 'Name should have one or more alphanumeric characters.';
/** At most 100 characters (ours). */
export const folderNameMaxLength = 100;
export const folderNameTooLongMessage = `Name should be ${folderNameMaxLength} characters or fewer.`;
export const folderNamePattern = /[\p{L}\p{N}]/u;

/** What is wrong with a name once trimmed: too long, no letter or digit, or nothing (null). */
export function folderNameProblem(name: string): 'tooLong' | 'rule' | null {
  const trimmed = name.trim();
  if (trimmed.length > folderNameMaxLength) return 'tooLong';
  return folderNamePattern.test(trimmed) ? null : 'rule';
}

/** The browser's IANA time zone (a new workspace starts in its creator's), or undefined when unknown. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

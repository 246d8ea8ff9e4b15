import { isTimeZone } from '@formwork/shared/forms/date-text';

/** The IANA zones this browser knows, UTC first, plus `current` if the list lacks it (a time zone picker's options). */
export function timeZoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])].filter(isTimeZone);
}

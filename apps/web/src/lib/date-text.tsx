import { formatDayHeading, formatInstant, formatTime, isoDay, previousDay } from '@formwork/shared/forms/date-text';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from './translate.tsx';

const TimeZoneContext = createContext<string | undefined>(undefined);

/** Every date on screen below this is shown in the workspace's time zone (the shell provides it). */
export function WorkspaceTimeZone({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

export type DateText = {
  locale: string;
  /** The workspace's IANA time zone (UTC until it is known). */
  timeZone: string;
  /** `Nov 24, 2026, 9:30 AM GMT+11`: the one format of an instant on screen, exports and PDFs. */
  instant: (value: Date | string) => string;
  /** `9:30 AM`, under a heading that names the day. */
  time: (value: Date | string) => string;
  /** The instant's calendar day in the zone, `YYYY-MM-DD` (to group by day). */
  day: (value: Date | string) => string;
  /** A day heading: Today, Yesterday or `Tuesday, November 24, 2026`, as seen in the zone. */
  dayHeading: (day: string, now?: Date) => string;
};

/**
 * The one way the web app prints dates and times: the shared date text (the same as registers,
 * exports and PDFs) in the user's language and the workspace's time zone, never the browser's.
 */
export function useDateText(): DateText {
  const { t, i18n } = useTranslation();
  const zone = useContext(TimeZoneContext);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const timeZone = zone ?? 'UTC';
    const options = { locale, timeZone };
    const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);
    const day = (value: Date | string) => isoDay(toDate(value), timeZone);
    return {
      locale,
      timeZone,
      instant: (value) => formatInstant(value, options),
      time: (value) => formatTime(value, options),
      day,
      dayHeading: (d, now = new Date()) => {
        const today = day(now);
        if (d === today) return t('timeline.today');
        if (d === previousDay(today)) return t('timeline.yesterday');
        return formatDayHeading(d, { locale });
      },
    };
  }, [zone, locale, t]);
}

import type { Continent } from '@formwork/shared/pricing';

const byArea: Record<string, Continent> = {
  Africa: 'AF',
  Antarctica: 'AN',
  Asia: 'AS',
  Europe: 'EU',
  Australia: 'OC',
  Pacific: 'OC',
  Indian: 'AS',
  Atlantic: 'EU',
  Arctic: 'EU',
};

const southAmerica =
  /^America\/(Argentina|Asuncion|Bahia|Belem|Boa_Vista|Bogota|Buenos_Aires|Campo_Grande|Caracas|Cayenne|Cuiaba|Fortaleza|Guayaquil|La_Paz|Lima|Maceio|Manaus|Montevideo|Noronha|Paramaribo|Porto_Velho|Punta_Arenas|Recife|Rio_Branco|Santarem|Santiago|Sao_Paulo)/;

/**
 * The continent of an IANA time zone (the browser's), the currency's fallback when the user's mobile
 * does not say the country (spec 9). Unknown: undefined (the server then charges in USD).
 */
export function continentOfTimeZone(timeZone: string | undefined): Continent | undefined {
  if (!timeZone) return undefined;
  if (timeZone.startsWith('America/')) return southAmerica.test(timeZone) ? 'SA' : 'NA';
  return byArea[timeZone.split('/')[0] ?? ''];
}

export function browserContinent(): Continent | undefined {
  try {
    return continentOfTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return undefined;
  }
}

import type { Photo } from '@formwork/shared/schemas/photos';
import type { TFunction } from '../../../lib/translate.tsx';

type Translate = TFunction;

/** A distance along or across the alignment: metres to one decimal under a kilometre, else kilometres to the metre. */
export function distanceText(metres: number, t: Translate, locale?: string): string {
  const abs = Math.abs(metres);
  if (abs < 1000)
    return t('photos.metres', {
      value: abs.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    });
  return t('photos.kilometres', {
    value: (abs / 1000).toLocaleString(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
  });
}

/** "Chainage 1.235 km, 12.3 m right of the alignment" (issue 19.4). */
export function chainageText(chainage: NonNullable<Photo['chainage']>, t: Translate, locale?: string): string {
  const along = distanceText(chainage.chainageM, t, locale);
  const offset = Math.round(chainage.offsetM * 10) / 10;
  const across =
    offset === 0
      ? t('photos.onAlignment')
      : t(offset < 0 ? 'photos.offsetLeft' : 'photos.offsetRight', { distance: distanceText(offset, t, locale) });
  return t('photos.chainage', { chainage: along, offset: across });
}

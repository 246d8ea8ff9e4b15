import type { TextContext, ValueWords } from '@formwork/shared/forms/value-text';
import { useMemo } from 'react';
import { useTranslation } from './translate.tsx';

/**
 * The locale and translated words the shared value text needs in the web app (registers, history):
 * the same text the server writes into exports and PDFs, in the user's language.
 */
export function useValueTextContext(): Pick<TextContext, 'locale' | 'words'> {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const words: ValueWords = {
      yes: t('values.yes'),
      no: t('values.no'),
      na: t('values.na'),
      signed: t('values.signed'),
      sketch: t('values.sketch'),
      expired: t('values.expired'),
      unknownPerson: t('values.unknownPerson'),
      unavailableForm: t('values.unavailableForm'),
      photos: (count) => t('values.photos', { count }),
    };
    return { locale: i18n.resolvedLanguage ?? i18n.language, words };
  }, [t, i18n.resolvedLanguage, i18n.language]);
}

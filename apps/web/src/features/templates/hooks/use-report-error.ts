import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.tsx';

/** The general error handler of the templates page (spec 8.2): the problem's text in an error toast. */
export function useReportError() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const message =
      error instanceof HttpError
        ? (error.problem?.detail ?? error.problem?.title ?? t('errors.generic'))
        : t('errors.generic');
    showToast('error', message);
  };
}

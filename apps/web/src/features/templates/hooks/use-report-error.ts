import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

/** The general error handler of the templates page (spec 8.2): the problem's text in an error toast. */
export function useReportError() {
  const { t } = useTranslation();
  return (error: unknown) => showToast('error', problemMessage(error, t));
}

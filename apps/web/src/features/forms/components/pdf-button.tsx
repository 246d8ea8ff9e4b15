import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

/** Export PDF: the server renders it (times in the workspace's zone); the file name comes from its content-disposition. */
export function PdfButton({ teamId, formId }: { teamId: string; formId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // Times print in the workspace's time zone (the server knows it).
      await downloadFile(
        `/api/teams/${encodeURIComponent(teamId)}/forms/${encodeURIComponent(formId)}/pdf`,
        'form.pdf',
      );
    } catch {
      showToast('error', t('forms.pdfFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconFileTypePdf size={16} />} loading={busy} onClick={() => void run()}>
      {t('forms.exportPdf')}
    </Button>
  );
}

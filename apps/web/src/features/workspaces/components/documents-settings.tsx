import { type DocumentSettings, maxExportDisclaimerLength } from '@formwork/shared/document-settings';
import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { Paper, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { changedSettings, SettingsSaveBar, useSettingsSave } from './workspace-settings.tsx';

/** Renders the PDF filename editor for the workspace's settings (the app composes the templates' editor). */
export type FilenameEditorSlot = (
  settings: DocumentSettings['pdfFilename'],
  onChange: (settings: DocumentSettings['pdfFilename']) => void,
  disabled: boolean,
) => ReactNode;

/**
 * The Documents & Formatting tab (spec 2.6, 9): the PDF file name pattern, separator, letter case
 * and date display (local to data entry or to the exporter) that templates following the
 * workspace use (new ones do), and the wording of the export disclaimer PDFs show.
 */
export function DocumentsSettings({
  workspace,
  canEdit,
  filenameEditor,
}: {
  workspace: AccessibleWorkspace;
  canEdit: boolean;
  filenameEditor: FilenameEditorSlot;
}) {
  const { t } = useTranslation();
  const saved = { documentSettings: workspace.documentSettings };
  const [edited, setEdited] = useState(saved);
  const { documentSettings } = edited;
  const disclaimerError =
    documentSettings.exportDisclaimer.length > maxExportDisclaimerLength
      ? t('workspaceSettings.disclaimerTooLong', { max: maxExportDisclaimerLength })
      : null;
  const { save, changed, saving } = useSettingsSave(workspace.workspaceId, changedSettings(saved, edited));
  const set = (next: Partial<DocumentSettings>) => setEdited({ documentSettings: { ...documentSettings, ...next } });

  return (
    <Paper withBorder p="md" radius="md" maw={760}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('workspaceSettings.documentsHelp')}
        </Text>
        {filenameEditor(documentSettings.pdfFilename, (pdfFilename) => set({ pdfFilename }), !canEdit)}
        <Textarea
          label={t('workspaceSettings.exportDisclaimer')}
          description={t('workspaceSettings.exportDisclaimerHelp')}
          value={documentSettings.exportDisclaimer}
          onChange={(e) => set({ exportDisclaimer: e.currentTarget.value })}
          autosize
          minRows={2}
          error={disclaimerError}
          disabled={!canEdit}
        />
        <SettingsSaveBar
          canEdit={canEdit}
          changed={changed && !disclaimerError}
          saving={saving}
          onSave={() => void save()}
        />
      </Stack>
    </Paper>
  );
}

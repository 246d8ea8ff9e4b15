import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { ColorInput, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { LogoInput } from './logo-input.tsx';
import { changedSettings, SettingsSaveBar, useSettingsSave } from './workspace-settings.tsx';

const colourPattern = /^#[0-9a-f]{6}$/i;

/**
 * The Branding tab of the workspace settings (spec 2.6, 3): the brand colour and the logo its PDFs
 * show (the workspace's logo when there is none). Org controllers change them.
 */
export function BrandingSettings({ workspace, canEdit }: { workspace: AccessibleWorkspace; canEdit: boolean }) {
  const { t } = useTranslation();
  const saved = { brandColour: workspace.brandColour, pdfLogoFileId: workspace.pdfLogoFileId };
  const [edited, setEdited] = useState(saved);
  const [preview, setPreview] = useState<string | null>(workspace.pdfLogoUrl);
  const colourError =
    edited.brandColour !== null && !colourPattern.test(edited.brandColour)
      ? t('workspaceSettings.colourInvalid')
      : null;
  const { save, changed, saving } = useSettingsSave(workspace.workspaceId, changedSettings(saved, edited));

  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="sm">
        <ColorInput
          label={t('workspaceSettings.brandColour')}
          description={t('workspaceSettings.brandColourHelp')}
          format="hex"
          value={edited.brandColour ?? ''}
          onChange={(value) => setEdited({ ...edited, brandColour: value === '' ? null : value.toLowerCase() })}
          error={colourError}
          disabled={!canEdit}
        />
        <LogoInput
          label={t('workspaceSettings.pdfLogo')}
          description={t('workspaceSettings.pdfLogoHelp')}
          workspaceId={workspace.workspaceId}
          preview={preview}
          disabled={!canEdit}
          onChange={(logo) => {
            setEdited({ ...edited, pdfLogoFileId: logo?.fileId ?? null });
            setPreview(logo?.url ?? null);
          }}
        />
        <SettingsSaveBar
          canEdit={canEdit}
          changed={changed && !colourError}
          saving={saving}
          onSave={() => void save()}
        />
      </Stack>
    </Paper>
  );
}

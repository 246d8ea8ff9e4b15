import type { StoredFile } from '@formwork/shared/schemas/files';
import { uploadRules } from '@formwork/shared/uploads';
import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { AuthImage } from '../../../components/ui/auth-image.tsx';
import { apiUpload } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { useTranslation } from '../../../lib/translate.tsx';
import { logoMaxHeight, logoMaxWidth } from './workspace-header.tsx';

/**
 * A logo of the workspace (spec 5.1, 9: JPG, PNG or BMP under 50Kb): uploaded to the Home Folder
 * at once (the server sniffs and re-encodes it); the choice is saved with the settings.
 */
export function LogoInput({
  label,
  description,
  workspaceId,
  preview,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  workspaceId: string;
  preview: string | null;
  disabled: boolean;
  onChange: (logo: { fileId: string; url: string } | null) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const rule = uploadRules.logo;

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > rule.maxBytes) {
      setError(t('workspaceSettings.logoTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const query = new URLSearchParams({ purpose: 'logo', fileName: file.name.slice(0, 255) });
      const stored = await apiUpload<StoredFile>(`/api/companies/${workspaceId}/files?${query}`, file);
      onChange({ fileId: stored.fileId, url: stored.url });
    } catch (caught) {
      setError(problemMessage(caught, t));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Group gap="sm" mt={4}>
        {preview ? (
          <AuthImage
            src={preview}
            alt={label}
            maw={logoMaxWidth}
            mah={logoMaxHeight}
            w="auto"
            fit="contain"
            data-logo-preview
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('workspaceSettings.noLogo')}
          </Text>
        )}
        {!disabled && (
          <>
            <FileButton onChange={(file) => void upload(file)} accept={rule.accept}>
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={uploading}>
                  {t('workspaceSettings.uploadLogo', { name: label })}
                </Button>
              )}
            </FileButton>
            {preview && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
                {t('workspaceSettings.removeLogo', { name: label })}
              </Button>
            )}
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}

import { featureToggleNames } from '@formwork/shared/feature-toggles';
import type { AccessibleWorkspace } from '@formwork/shared/schemas/workspaces';
import { Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import { changedSettings, SettingsSaveBar, useSettingsSave } from './workspace-settings.tsx';

/**
 * The Feature Access tab (spec 2.6, 5.3, 6): whether visitors may be added to the workspace (org
 * controllers change it; invitations of visitors are refused while it is off), paid users (not
 * built: disabled, saying why), and the workspace's feature toggles, which the support team (super
 * users) turns on.
 */
export function FeatureAccessSettings({ workspace, canEdit }: { workspace: AccessibleWorkspace; canEdit: boolean }) {
  const { t } = useTranslation();
  const saved = { visitorsAllowed: workspace.visitorsAllowed };
  const [edited, setEdited] = useState(saved);
  const { save, changed, saving } = useSettingsSave(workspace.workspaceId, changedSettings(saved, edited));

  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="md">
        <Switch
          label={t('workspaceSettings.visitorsAllowed')}
          description={t('workspaceSettings.visitorsAllowedHelp')}
          checked={edited.visitorsAllowed}
          onChange={(e) => setEdited({ visitorsAllowed: e.currentTarget.checked })}
          disabled={!canEdit}
        />
        {/* Spec 5.3 names paid users too, but no one can be made a paid user yet (accounts count none):
            the switch would change nothing, so it shows off and disabled with the reason. */}
        <Switch
          label={t('workspaceSettings.paidUsersAllowed')}
          description={t('workspaceSettings.paidUsersUnavailable')}
          checked={false}
          disabled
          readOnly
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('workspaceSettings.featureToggles')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('workspaceSettings.featureTogglesHelp')}
          </Text>
          {featureToggleNames.map((name) => (
            <Group key={name} justify="space-between" wrap="nowrap">
              <Text size="sm">{t(`workspaceSettings.toggles.${name}`)}</Text>
              <Badge variant="light" color={workspace.featureToggles[name] ? 'green' : 'gray'}>
                {workspace.featureToggles[name] ? t('workspaceSettings.on') : t('workspaceSettings.off')}
              </Badge>
            </Group>
          ))}
        </Stack>
        <SettingsSaveBar canEdit={canEdit} changed={changed} saving={saving} onSave={() => void save()} />
      </Stack>
    </Paper>
  );
}

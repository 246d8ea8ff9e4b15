import { can } from '@formwork/shared/permissions';
import { Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BillingSection } from '../../features/billing/components/billing-section.tsx';
import { UsageSection } from '../../features/billing/components/usage-section.tsx';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { WorkspaceSettings } from '../../features/workspaces/components/workspace-settings.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { settingsBuilt } from '../shell/sections.ts';
import { useShellContext } from '../shell/shell-layout.tsx';
import { SectionNotAvailableRoute } from './section-not-available-route.tsx';

const tabs = ['general', 'billing', 'usage'] as const;
type Tab = (typeof tabs)[number];

/**
 * /home/{level}/{folderId}/settings (spec 2.2, 2.6): the workspace settings with the sections
 * that exist, General (the time zone, issue 14.5), Billing and Usage (issue 17.5), for those who may see the account. Other folders
 * and people still get the "not available yet" page.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const [search, setSearch] = useSearchParams();
  const accessible = useAccessibleWorkspaces();
  if (result.status === 'loading') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (result.status !== 'found' || !settingsBuilt(result.location)) {
    return <SectionNotAvailableRoute section="settings" />;
  }
  const { companyId } = result.location;
  const workspace = accessible.data?.find((w) => w.workspaceId === companyId);
  const requested = search.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'general';
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h3">
        {t('settings.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearch(
            (current) => {
              current.set('tab', value ?? 'general');
              return current;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="general">{t('workspaceSettings.general')}</Tabs.Tab>
          <Tabs.Tab value="billing">{t('settings.billing')}</Tabs.Tab>
          <Tabs.Tab value="usage">{t('settings.usage')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          {workspace ? (
            <WorkspaceSettings
              key={workspace.workspaceId}
              workspace={workspace}
              canEdit={can(result.location.viewer, 'workspace.edit', { kind: 'company', path: [companyId] })}
            />
          ) : (
            <Loader aria-label={t('app.loading')} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="billing" pt="md">
          <BillingSection workspaceId={companyId} timeZone={workspace?.timeZone ?? 'UTC'} />
        </Tabs.Panel>
        <Tabs.Panel value="usage" pt="md">
          <UsageSection workspaceId={companyId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import { can } from '@formwork/shared/permissions';
import { Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { BillingSection } from '../../features/billing/components/billing-section.tsx';
import { GlobalBillingSection } from '../../features/billing/components/global-billing-section.tsx';
import { SmsBillingSection } from '../../features/billing/components/sms-billing-section.tsx';
import { UsageSection } from '../../features/billing/components/usage-section.tsx';
import { useFolderTree, useRenameFolder } from '../../features/folders/api/folder-tree.ts';
import { FolderGeneral } from '../../features/settings/components/folder-general.tsx';
import { PdfFilenameEditor } from '../../features/templates/components/editor/pdf-filename-editor.tsx';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section.tsx';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { BrandingSettings } from '../../features/workspaces/components/branding-settings.tsx';
import {
  DocumentsSettings,
  type FilenameEditorSlot,
} from '../../features/workspaces/components/documents-settings.tsx';
import { FeatureAccessSettings } from '../../features/workspaces/components/feature-access-settings.tsx';
import { WorkspaceSettings } from '../../features/workspaces/components/workspace-settings.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import { type SecuritySection, securitySections } from '../settings/security-sections.tsx';
import { type SettingsTabId, visibleSettingsTabs } from '../settings/settings-tabs.ts';
import type { FolderLocation } from '../shell/folder-location.ts';
import { useShellContext } from '../shell/shell-layout.tsx';

const tabLabelKeys: Record<SettingsTabId, string> = {
  general: 'workspaceSettings.general',
  branding: 'settings.branding',
  documents: 'settings.documents',
  featureAccess: 'settings.featureAccess',
  billing: 'settings.billing',
  smsBilling: 'billing.smsBillingTab',
  globalBilling: 'billing.globalBillingTab',
  usage: 'settings.usage',
  security: 'settings.security',
  webhooks: 'webhooks.tab',
};

/**
 * /home/{level}/{folderId}/settings (spec 2.2, 2.6): the settings of a company, project or team
 * folder, for those who may see them (spec 6). Each tab is offered only when it holds something
 * built and allowed (settings-tabs.ts).
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return <FolderSettingsTabs location={result.location} security={securitySections} />;
}

/** The tabs of one folder's settings; the Security sections are given (the app's table by default). */
export function FolderSettingsTabs({
  location,
  security,
}: {
  location: FolderLocation;
  security: readonly SecuritySection[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const accessible = useAccessibleWorkspaces();
  const renameFolder = useRenameFolder(location.companyId);
  const tabs = visibleSettingsTabs(location, security);
  if (tabs.length === 0) return <Navigate to="/403" replace />;
  const { companyId } = location;
  const workspace = accessible.data?.find((w) => w.workspaceId === companyId);
  const requested = search.get('tab') as SettingsTabId | null;
  const tab: SettingsTabId = requested && tabs.includes(requested) ? requested : 'general';
  const visibleSecurity = security.filter((s) => s.visible(location));
  const canEdit = can(location.viewer, 'workspace.edit', { kind: 'company', path: [companyId] });
  const loading = <Loader aria-label={t('app.loading')} />;
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
          {tabs.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {t(tabLabelKeys[id])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          {location.kind !== 'company' ? (
            <FolderGeneral
              key={location.folderId}
              folderId={location.folderId}
              rename={
                can(location.viewer, 'folder.rename', { kind: location.kind, path: location.path })
                  ? (name) =>
                      renameFolder
                        .mutateAsync({
                          kind: location.kind as 'project' | 'team',
                          folderId: location.folderId,
                          name,
                        })
                        .then(() => undefined)
                  : undefined
              }
            />
          ) : workspace ? (
            <WorkspaceSettings key={workspace.workspaceId} workspace={workspace} canEdit={canEdit} />
          ) : (
            loading
          )}
        </Tabs.Panel>
        {tabs.includes('branding') && (
          <Tabs.Panel value="branding" pt="md">
            {workspace ? (
              <BrandingSettings key={workspace.workspaceId} workspace={workspace} canEdit={canEdit} />
            ) : (
              loading
            )}
          </Tabs.Panel>
        )}
        {tabs.includes('documents') && (
          <Tabs.Panel value="documents" pt="md">
            {workspace ? (
              <DocumentsSettings
                key={workspace.workspaceId}
                workspace={workspace}
                canEdit={canEdit}
                filenameEditor={filenameEditor(workspace.name)}
              />
            ) : (
              loading
            )}
          </Tabs.Panel>
        )}
        {tabs.includes('billing') && (
          <Tabs.Panel value="billing" pt="md">
            <BillingSection workspaceId={companyId} timeZone={workspace?.timeZone ?? 'UTC'} />
          </Tabs.Panel>
        )}
        {tabs.includes('featureAccess') && (
          <Tabs.Panel value="featureAccess" pt="md">
            {workspace ? (
              <FeatureAccessSettings key={workspace.workspaceId} workspace={workspace} canEdit={canEdit} />
            ) : (
              loading
            )}
          </Tabs.Panel>
        )}
        {tabs.includes('smsBilling') && (
          <Tabs.Panel value="smsBilling" pt="md">
            <SmsBillingSection />
          </Tabs.Panel>
        )}
        {tabs.includes('globalBilling') && (
          <Tabs.Panel value="globalBilling" pt="md">
            <GlobalBillingSection workspaceId={companyId} canEdit={canEdit} />
          </Tabs.Panel>
        )}
        {tabs.includes('usage') && (
          <Tabs.Panel value="usage" pt="md">
            <UsageSection workspaceId={companyId} />
          </Tabs.Panel>
        )}
        {tabs.includes('webhooks') && location.kind !== 'project' && (
          <Tabs.Panel value="webhooks" pt="md">
            <WebhookTab location={location} kind={location.kind} />
          </Tabs.Panel>
        )}
        {tabs.includes('security') && (
          <Tabs.Panel value="security" pt="md">
            <Stack gap="lg">
              {visibleSecurity.map(({ id, Component }) => (
                <Component key={id} location={location} />
              ))}
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/**
 * The Webhooks tab: a company's hooks may be narrowed to its projects and teams (from the folder
 * tree); the open delivery log is kept in the address (`hook`), which the disabled-hook e-mail links to.
 */
function WebhookTab({ location, kind }: { location: FolderLocation; kind: 'company' | 'team' }) {
  const [search, setSearch] = useSearchParams();
  const tree = useFolderTree(kind === 'company' ? location.companyId : null, 'active');
  const folders =
    tree.data?.projects.flatMap((project) => [
      { value: project.folderId, label: project.name },
      ...project.teams.map((team) => ({ value: team.folderId, label: `${project.name} / ${team.name}` })),
    ]) ?? [];
  return (
    <WebhooksSection
      key={location.folderId}
      folderId={location.folderId}
      kind={kind}
      folders={kind === 'company' ? folders : []}
      logHookId={search.get('hook')}
      onOpenLog={(hookId) =>
        setSearch((current) => {
          if (hookId) current.set('hook', hookId);
          else current.delete('hook');
          return current;
        })
      }
    />
  );
}

/** The templates' PDF filename editor for the workspace's settings: metadata and text, no form fields. */
function filenameEditor(workspaceName: string): FilenameEditorSlot {
  return (settings, onChange, disabled) => (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <PdfFilenameEditor
        settings={settings}
        fields={[]}
        limits={{ pdfFilenameCustomFields: 0 }}
        example={{ templateName: 'Site Diary', templateCode: 'SD-01', formName: 'Daily Log', workspaceName }}
        onChange={({ useWorkspaceSettings: _follows, ...own }) => onChange(own)}
        allowFields={false}
      />
    </fieldset>
  );
}

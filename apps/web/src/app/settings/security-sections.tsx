import { can } from '@formwork/shared/permissions';
import type { ComponentType } from 'react';
import { useFolderTree } from '../../features/folders/api/folder-tree.ts';
import { EmbedOrigins } from '../../features/security/components/embed-origins.tsx';
import {
  type FolderOption,
  GroupMappingsSection,
  SsoConnectionSection,
} from '../../features/security/components/sso-connection.tsx';
import { VerifiedDomains } from '../../features/security/components/verified-domains.tsx';
import type { FolderLocation } from '../shell/folder-location.ts';

/** What a section of the Security tab is given: the navigated folder (its workspace, kind, viewer). */
export type SecuritySectionProps = { location: FolderLocation };

/**
 * One section of the Settings' Security tab (spec 2.6: verified domains, single sign-on, session
 * length, allowed embed origins). A feature exports its component; this table mounts it. The tab
 * shows only when some section here is `visible` for the navigated folder and its viewer, so an
 * empty Security tab never appears.
 */
export type SecuritySection = {
  id: string;
  /** Whether the section is shown at this folder to this viewer (use the shared `can()`). */
  visible: (location: FolderLocation) => boolean;
  Component: ComponentType<SecuritySectionProps>;
};

/** The workspace's own security: admins and org controllers, at the Home Folder (workspace.edit). */
const workspaceEditor = (location: FolderLocation) =>
  location.kind === 'company' &&
  can(location.viewer, 'workspace.edit', { kind: 'company', path: [location.companyId] });

/** The group mapping's folders: the company, its active projects and their teams. */
function GroupMappings({ location }: SecuritySectionProps) {
  const tree = useFolderTree(location.companyId, 'active');
  const folders: FolderOption[] = tree.data
    ? [
        { value: tree.data.company.folderId, label: tree.data.company.name },
        ...tree.data.projects.flatMap((p) => [
          { value: p.folderId, label: p.name },
          ...p.teams.map((team) => ({ value: team.folderId, label: `${p.name} / ${team.name}` })),
        ]),
      ]
    : [];
  return <GroupMappingsSection workspaceId={location.companyId} folders={folders} />;
}

/** The Security tab's sections, in the order they show. */
export const securitySections: readonly SecuritySection[] = [
  {
    id: 'verified-domains',
    visible: workspaceEditor,
    Component: ({ location }) => <VerifiedDomains workspaceId={location.companyId} />,
  },
  {
    id: 'single-sign-on',
    visible: workspaceEditor,
    Component: ({ location }) => <SsoConnectionSection workspaceId={location.companyId} />,
  },
  { id: 'sso-groups', visible: workspaceEditor, Component: GroupMappings },
  {
    id: 'embed-origins',
    visible: workspaceEditor,
    Component: ({ location }) => <EmbedOrigins workspaceId={location.companyId} />,
  },
];

import { can } from '@formwork/shared/permissions';
import type { ComponentType } from 'react';
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

/** The Security tab's sections, in the order they show. */
export const securitySections: readonly SecuritySection[] = [
  {
    id: 'verified-domains',
    // The workspace's domains: admins and org controllers, at the Home Folder (workspace.edit).
    visible: (location) =>
      location.kind === 'company' &&
      can(location.viewer, 'workspace.edit', { kind: 'company', path: [location.companyId] }),
    Component: ({ location }) => <VerifiedDomains workspaceId={location.companyId} />,
  },
];

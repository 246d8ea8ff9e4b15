import { can, type FolderKind, folderLevelWord } from '@formwork/shared/permissions';
import { activityPath } from '../../features/folders/folder-paths.ts';
import { templatesPath } from '../../features/templates/template-paths.ts';
import { teamFormsPath } from '../../lib/form-paths.ts';
import type { FolderLocation } from './folder-location.ts';

/**
 * The sections of a folder (spec 2.2), in the order the top bar and the phone drawer show them.
 * One table for both, so a section is never offered in one and missing from the other.
 */
export const sectionIds = [
  'activity',
  'forms',
  'templates',
  'users',
  'lists',
  'photos',
  'analytics',
  'settings',
] as const;
export type SectionId = (typeof sectionIds)[number];

/** Sections that are not built yet (none now: Analytics was the last, issue 20); the top bar dims them. */
export const unbuiltSections: readonly SectionId[] = [];

/** Which folder levels each section exists at (spec 2.2). */
export const sectionKinds: Record<SectionId, readonly FolderKind[]> = {
  activity: ['company', 'project', 'team'],
  forms: ['team'],
  templates: ['company', 'team'],
  users: ['company', 'project', 'team'],
  lists: ['company', 'project'],
  photos: ['team'],
  analytics: ['company', 'team'],
  settings: ['company', 'project', 'team'],
};

/** The address of a section of a folder (spec 2.2). */
export function sectionPath(section: SectionId, kind: FolderKind, folderId: string): string {
  const level = folderLevelWord(kind);
  switch (section) {
    case 'activity':
      return activityPath(kind, folderId);
    case 'forms':
      return teamFormsPath(folderId);
    case 'templates':
      return templatesPath(kind === 'company' ? 'company' : 'team', folderId);
    case 'settings':
      return `/home/${level}/${folderId}/settings`;
    default:
      return `/${section}/${level}/${folderId}`;
  }
}

/** The translation key of a section's label: the company level has the Libraries (spec 2.2). */
export function sectionLabelKey(section: SectionId, kind: FolderKind): string {
  if (section === 'templates') return kind === 'company' ? 'shell.templateLibrary' : 'shell.templates';
  if (section === 'lists') return kind === 'company' ? 'shell.listLibrary' : 'shell.lists';
  return `shell.${section}`;
}

export type ShellSection = {
  id: SectionId;
  labelKey: string;
  path: string;
  built: boolean;
};

const isUnbuilt = (id: SectionId): boolean => unbuiltSections.includes(id);

/** Whether the address is this section of the folder (the forms area holds registers and boards). */
export function isSectionActive(section: ShellSection, pathname: string, location: FolderLocation): boolean {
  const level = folderLevelWord(location.kind);
  const formsArea = new RegExp(`^/apps/teams/${location.folderId}/(forms|register|grid)(/|$)`).test(pathname);
  if (section.id === 'forms') return formsArea;
  if (section.id === 'templates') return pathname.startsWith(`/apps/${level}/${location.folderId}`) && !formsArea;
  return pathname === section.path || pathname.startsWith(`${section.path}/`);
}

/**
 * Whether the company settings' Billing tab is there for the viewer (those who may see the account,
 * spec 2.6, issue 17.5): the trial widget and the usage message link to it.
 */
export function billingOffered(location: Pick<FolderLocation, 'companyId' | 'viewer'>): boolean {
  return can(location.viewer, 'account.view', { kind: 'company', path: [location.companyId] });
}

/** The company settings' Billing section, for the trial widget and the usage message. */
export function billingPath(companyId: string): string {
  return `${sectionPath('settings', 'company', companyId)}?tab=billing`;
}

/** The sections the navigated folder offers to its viewer. */
export function folderSections(location: FolderLocation): ShellSection[] {
  return sectionIds
    .filter((id) => sectionKinds[id].includes(location.kind))
    .filter(
      (id) => id !== 'settings' || can(location.viewer, 'settings.view', { kind: location.kind, path: location.path }),
    )
    .map((id) => ({
      id,
      labelKey: sectionLabelKey(id, location.kind),
      path: sectionPath(id, location.kind, location.folderId),
      built: !isUnbuilt(id),
    }));
}

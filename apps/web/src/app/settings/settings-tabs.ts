import { can } from '@formwork/shared/permissions';
import type { FolderLocation } from '../shell/folder-location.ts';
import type { SecuritySection } from './security-sections.tsx';

/** Spec 2.6: the workspace settings tabs, in order; only those built and allowed are offered. */
export const settingsTabIds = [
  'general',
  'branding',
  'documents',
  'billing',
  'featureAccess',
  'smsBilling',
  'globalBilling',
  'usage',
  'security',
  'webhooks',
] as const;
export type SettingsTabId = (typeof settingsTabIds)[number];

type Where = Pick<FolderLocation, 'kind' | 'companyId' | 'path' | 'viewer'>;

/** Whether the viewer may open the folder's settings at all (spec 6, the same rule the server applies). */
export function canViewSettings(location: Where): boolean {
  return can(location.viewer, 'settings.view', { kind: location.kind, path: location.path });
}

/**
 * The tabs of a folder's settings for its viewer: General everywhere; the company's Branding and
 * Documents & Formatting and Feature Access for its members (org controllers change them); its Billing, SMS billing,
 * Global Billing and Usage for those who may see the account; Security when one of its sections shows here; Webhooks of the company or a team
 * for those who manage them (issue 24.1).
 */
export function visibleSettingsTabs(location: FolderLocation, security: readonly SecuritySection[]): SettingsTabId[] {
  if (!canViewSettings(location)) return [];
  const company = { kind: 'company' as const, path: [location.companyId] };
  const account = location.kind === 'company' && can(location.viewer, 'account.view', company);
  return settingsTabIds.filter((tab) => {
    if (tab === 'branding' || tab === 'documents' || tab === 'featureAccess') return location.kind === 'company';
    if (tab === 'billing' || tab === 'smsBilling' || tab === 'globalBilling' || tab === 'usage') return account;
    if (tab === 'security') return security.some((s) => s.visible(location));
    if (tab === 'webhooks') return can(location.viewer, 'webhook.manage', { kind: location.kind, path: location.path });
    return true;
  });
}

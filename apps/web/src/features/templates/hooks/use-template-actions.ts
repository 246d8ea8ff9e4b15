import type { Tab } from '@formwork/shared/schemas/tabs';
import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import { useQueryClient } from '@tanstack/react-query';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  setTemplateTab,
  type TemplateStateAction,
  templateKeys,
  useChangeTemplateState,
  useTabMutations,
} from '../api/templates.ts';
import type { BulkSelection } from './use-bulk-selection.ts';
import type { ConfirmationState } from './use-confirmation.ts';
import type { TemplatesNavigation } from './use-templates-navigation.ts';

type Options = {
  companyId: string;
  templates: TemplateSummary[];
  serverTabs: Tab[];
  tabId: string | null;
  confirm: ConfirmationState;
  setBulk: BulkSelection['setBulk'];
  goTo: TemplatesNavigation['goTo'];
  reload: () => void;
  reportError: (error: unknown) => void;
};

/**
 * What the menus and the bulk bar do to templates and tabs, with their confirmations and toasts
 * (spec 4.3, 7, 8.2): delete tabs, add templates to a tab or remove one from it, and archive,
 * restore or delete templates.
 */
export function useTemplateActions(options: Options) {
  const { companyId, templates, serverTabs, tabId, confirm, setBulk, goTo, reload, reportError } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tabMutations = useTabMutations(companyId);
  const changeState = useChangeTemplateState();

  const deleteTabs = (ids: string[]) => {
    const names = serverTabs.filter((tab) => ids.includes(tab.id)).map((tab) => tab.name);
    confirm.ask({
      title: t('tabs.deleteTitle', { count: ids.length }),
      body: t('tabs.deleteBody', { names: names.join(', ') }),
      confirmLabel: t('tabs.deleteConfirm'),
      danger: true,
      onConfirm: () =>
        confirm.whileBusy(async () => {
          try {
            await tabMutations.remove.mutateAsync(ids);
            showToast('success', t('tabs.deleted'));
            setBulk(null);
            // Spec 4.3: deleting the selected tab returns the user to the Templates view.
            if (tabId && ids.includes(tabId)) goTo();
          } catch (error) {
            reportError(error);
            reload();
          }
        }),
    });
  };

  const addToTab = async (templateIds: string[], targetTabId: string) => {
    let added = 0;
    // Spec 8.2: a failure is handled per template and the others continue.
    for (const id of templateIds) {
      try {
        await setTemplateTab(id, targetTabId, true);
        added++;
      } catch (error) {
        const name = templates.find((tpl) => tpl.templateId === id)?.name ?? '';
        showToast('error', `${name}: ${problemMessage(error, t)}`);
      }
    }
    await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    if (added > 0) showToast('success', t('tabs.addedToTemplate'));
    setBulk(null);
  };

  const removeFromTab = (tpl: TemplateSummary, fromTabId: string) => {
    const tab = serverTabs.find((x) => x.id === fromTabId);
    confirm.ask({
      title: t('templates.removeTitle'),
      body: t('templates.removeBody', { template: tpl.name, tab: tab?.name ?? '' }),
      confirmLabel: t('templates.remove'),
      onConfirm: () =>
        confirm.whileBusy(async () => {
          try {
            await setTemplateTab(tpl.templateId, fromTabId, false);
            await queryClient.invalidateQueries({ queryKey: templateKeys.all });
            showToast('success', t('tabs.removedFromTemplate'));
          } catch (error) {
            reportError(error);
          }
        }),
    });
  };

  /** Spec 7: one request per folder the templates belong to (a team lists library templates too). */
  const runState = async (action: TemplateStateAction, ids: string[]) => {
    const byFolder = new Map<string, { isCompany: boolean; ids: string[] }>();
    for (const id of ids) {
      const tpl = templates.find((x) => x.templateId === id);
      if (!tpl) continue;
      const group = byFolder.get(tpl.folderId) ?? { isCompany: tpl.isCompany, ids: [] };
      group.ids.push(id);
      byFolder.set(tpl.folderId, group);
    }
    try {
      for (const [folderId, group] of byFolder) {
        await changeState.mutateAsync({ action, folderId, isCompany: group.isCompany, templateIds: group.ids });
      }
      showToast('success', t(`templates.${action}d`, { count: ids.length }));
      setBulk(null);
    } catch (error) {
      reportError(error);
    }
  };

  /** Restore runs at once; archive and delete ask first (archive warns about deployed templates). */
  const requestState = (action: TemplateStateAction, ids: string[]) => {
    if (ids.length === 0) return showToast('error', t('templates.emptySelection'));
    if (action === 'restore') return void runState('restore', ids);
    const deployed = ids.some((id) => templates.find((x) => x.templateId === id)?.deployedTeamIds.length);
    confirm.ask({
      title: t(`templates.${action}Title`, { count: ids.length }),
      body:
        t(`templates.${action}Body`) + (action === 'archive' && deployed ? ` ${t('templates.archiveDeployed')}` : ''),
      confirmLabel: t(`templates.${action}`),
      danger: action === 'delete',
      onConfirm: () => confirm.whileBusy(() => runState(action, ids)),
    });
  };

  return { deleteTabs, addToTab, removeFromTab, requestState };
}

export type TemplateActions = ReturnType<typeof useTemplateActions>;

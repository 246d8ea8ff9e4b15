import type { Tab } from '@formwork/shared/schemas/tabs';
import type { TemplateList, TemplateSummary } from '@formwork/shared/schemas/templates';

/** What one folder's list shows: its tabs, the templates of a tab, the untagged ones, the current view. */
export type TemplatesView = {
  serverTabs: Tab[];
  templates: TemplateSummary[];
  inTab: (tabId: string) => TemplateSummary[];
  untagged: TemplateSummary[];
  currentTab: Tab | undefined;
  /** The templates of the view: the current tab's, or all of them. */
  shown: TemplateSummary[];
};

export function templatesView(list: TemplateList | undefined, tabId: string | null): TemplatesView {
  const serverTabs = list?.tabs ?? [];
  const templates = list?.templates ?? [];
  const tabIds = new Set(serverTabs.map((tab) => tab.id));
  const inTab = (id: string) => templates.filter((tpl) => tpl.tabIds.includes(id));
  const untagged = templates.filter((tpl) => !tpl.tabIds.some((id) => tabIds.has(id)));
  const currentTab = tabId ? serverTabs.find((tab) => tab.id === tabId) : undefined;
  const shown = currentTab ? inTab(currentTab.id) : templates;
  return { serverTabs, templates, inTab, untagged, currentTab, shown };
}

import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack } from '@mantine/core';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { startBulk, toggleBulk } from '../../model/bulk.ts';
import { canDragTab } from '../../model/tab-edit.ts';
import { TabNameEditor } from './tab-name-editor.tsx';
import { TabRow } from './tab-row.tsx';
import { TemplateListItem } from './template-list-item.tsx';

/** The sidebar's tabs in their order, draggable to reorder (spec 4.3), each with its templates. */
export function TabList({ page }: { page: TemplatesPageModel }) {
  const { tabEditing, view, rights, selection, actions, nav, tabId } = page;
  const { tabs, editingTabId, sensors } = tabEditing;
  const { bulk, setBulk } = selection;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void tabEditing.onDragEnd(e)}>
      <SortableContext items={tabs.map((tab) => tab.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={2}>
          {tabs.map((tab) => {
            const editing = editingTabId === tab.id;
            return (
              <TabRow
                key={tab.id}
                tab={tab}
                templates={view.inTab(tab.id)}
                expanded={tabEditing.expanded.has(tab.id)}
                active={tab.id === tabId}
                draggable={canDragTab({
                  editing: editingTabId !== null,
                  canEdit: rights.canEditTabs,
                  tabCount: view.serverTabs.length,
                  isNew: Boolean(tab.isNew),
                  bulk: bulk !== null,
                })}
                editor={
                  editing ? (
                    <TabNameEditor
                      tabs={tabs}
                      tab={tab}
                      onSave={tabEditing.saveTab}
                      onCancel={tabEditing.cancelTabEdit}
                    />
                  ) : null
                }
                selecting={bulk?.kind === 'tabs'}
                selected={bulk?.kind === 'tabs' && bulk.ids.has(tab.id)}
                canEditTabs={rights.canEditTabs && !rights.archivedView}
                canAddTemplate={rights.canEdit && !rights.archivedView}
                onToggleExpand={() => tabEditing.toggleExpanded(tab.id)}
                onOpen={() => {
                  tabEditing.expand(tab.id);
                  nav.goTo(tab.id);
                }}
                onToggleSelect={() => setBulk((b) => toggleBulk(b, 'tabs', tab.id))}
                onEdit={() => tabEditing.startEdit(tab.id)}
                onSelect={() => setBulk(startBulk('tabs', tab.id))}
                onDelete={() => actions.deleteTabs([tab.id])}
                onAddTemplate={() => nav.newTemplate(tab.id)}
              >
                {view.inTab(tab.id).map((tpl) => (
                  <TemplateListItem
                    key={`${tab.id}:${tpl.templateId}`}
                    page={page}
                    template={tpl}
                    contextTabId={tab.id}
                  />
                ))}
              </TabRow>
            );
          })}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

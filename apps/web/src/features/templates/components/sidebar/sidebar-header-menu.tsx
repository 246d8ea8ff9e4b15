import { ActionIcon, Menu } from '@mantine/core';
import {
  IconChecklist,
  IconDots,
  IconFileImport,
  IconFilePlus,
  IconLibrary,
  IconPlus,
  IconTag,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { startBulk } from '../../model/bulk.ts';

/** The sidebar header's menu (spec 2.5): select tabs or templates, expand/collapse, add a template, create a tab. */
export function SidebarHeaderMenu({ page }: { page: TemplatesPageModel }) {
  const { t } = useTranslation();
  const { rights, view, selection, tabEditing, nav } = page;
  const { canEditTabs, canEdit, canDeploy, archivedView, isLibrary } = rights;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('templates.headerMenu')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEditTabs && !archivedView && (
          <Menu.Item
            leftSection={<IconChecklist size={14} />}
            disabled={view.serverTabs.length === 0}
            onClick={() => selection.setBulk(startBulk('tabs'))}
          >
            {t('tabs.selectTabs')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconChecklist size={14} />}
          disabled={view.templates.length === 0}
          onClick={() => selection.setBulk(startBulk('templates'))}
        >
          {t('templates.selectTemplates')}
        </Menu.Item>
        <Menu.Item onClick={tabEditing.expandAll}>{t('tabs.expandAll')}</Menu.Item>
        <Menu.Item onClick={tabEditing.collapseAll}>{t('tabs.collapseAll')}</Menu.Item>
        {!archivedView && (canEdit || (!isLibrary && canDeploy)) && (
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconPlus size={14} />}>{t('templates.addTemplate')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              {canEdit && (
                <Menu.Item
                  leftSection={<IconFilePlus size={14} />}
                  onClick={() => nav.newTemplate(view.currentTab?.id)}
                >
                  {t('templates.createNew')}
                </Menu.Item>
              )}
              {canEdit && (
                <Menu.Item leftSection={<IconFileImport size={14} />} onClick={() => page.importDialog.setOpen(true)}>
                  {t('templateImport.importFromDocuments')}
                </Menu.Item>
              )}
              {!isLibrary && canDeploy && (
                <Menu.Item
                  leftSection={<IconLibrary size={14} />}
                  onClick={() => selection.setDeploy({ mode: 'library' })}
                >
                  {t('templates.deployFromLibrary')}
                </Menu.Item>
              )}
              {canEdit && (
                <Menu.Item leftSection={<IconWorld size={14} />} onClick={nav.browseFree}>
                  {t('templates.browseFree')}
                </Menu.Item>
              )}
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        )}
        {canEditTabs && !archivedView && (
          <Menu.Item
            leftSection={<IconTag size={14} />}
            disabled={tabEditing.newTab !== null}
            onClick={tabEditing.createTab}
          >
            {t('tabs.create')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

import type { Tab } from '@formwork/shared/schemas/tabs';
import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import { ActionIcon, ColorSwatch, Menu, Popover, Text } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconChecklist,
  IconDots,
  IconPencil,
  IconRocket,
  IconTag,
  IconTagOff,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { tabColours } from '../../../../components/ui/tab-colours.ts';
import { useTranslation } from '../../../../lib/translate.tsx';

export type TemplateMenuRights = {
  archivedView: boolean;
  editable: boolean;
  canEdit: boolean;
  canDeploy: boolean;
  canArchive: boolean;
  canDelete: boolean;
};

type Props = {
  template: TemplateSummary;
  tabs: readonly Tab[];
  /** The tab the template is shown under, if any (Remove from Tab removes that one). */
  contextTabId: string | null;
  rights: TemplateMenuRights;
  onEdit: () => void;
  onSelect: () => void;
  onManageDeployment: () => void;
  onAddToTab: (tabId: string) => void;
  onRemoveFromTab: (tabId: string) => void;
  onArchive: () => void;
  onRestore: () => void;
  onDelete: () => void;
};

/**
 * The template menu of spec 2.5: Edit Template, Select Template, Manage Deployment, Add to Tab,
 * Remove from Tab, Archive (Restore and Delete in the Archived view). Those who may not deploy
 * get the permission-explanation popover instead of the deployment dialog (spec 6).
 */
export function TemplateMenu({ template, tabs, contextTabId, rights, ...on }: Props) {
  const { t } = useTranslation();
  const [explain, setExplain] = useState(false);
  const ownTabs = tabs.filter((tab) => template.tabIds.includes(tab.id));
  const otherTabs = tabs.filter((tab) => !template.tabIds.includes(tab.id));
  const swatch = (tab: Tab) => <ColorSwatch color={tabColours[tab.style]} size={10} withShadow={false} />;

  return (
    // The explanation only points at the menu's button, which carries the roles (not its wrapper).
    <Popover opened={explain} onChange={setExplain} position="bottom-end" width={260} withArrow withRoles={false}>
      <Popover.Target>
        <span>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('templates.menu', { name: template.name })}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {rights.archivedView ? (
                <>
                  <Menu.Item leftSection={<IconChecklist size={14} />} onClick={on.onSelect}>
                    {t('templates.select')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconArrowBackUp size={14} />}
                    disabled={!rights.canArchive}
                    onClick={on.onRestore}
                  >
                    {t('templates.restore')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconTrash size={14} />}
                    color="red"
                    disabled={!rights.canDelete}
                    onClick={on.onDelete}
                  >
                    {t('templates.delete')}
                  </Menu.Item>
                </>
              ) : (
                <>
                  <Menu.Item leftSection={<IconPencil size={14} />} disabled={!rights.editable} onClick={on.onEdit}>
                    {t('templates.edit')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconChecklist size={14} />} onClick={on.onSelect}>
                    {t('templates.select')}
                  </Menu.Item>
                  {template.isCompany && (
                    <Menu.Item
                      leftSection={<IconRocket size={14} />}
                      onClick={() => (rights.canDeploy ? on.onManageDeployment() : setExplain(true))}
                    >
                      {t('templates.manageDeployment')}
                    </Menu.Item>
                  )}
                  {rights.canEdit && rights.editable && otherTabs.length > 0 && (
                    <Menu.Sub>
                      <Menu.Sub.Target>
                        <Menu.Sub.Item leftSection={<IconTag size={14} />}>{t('templates.addToTab')}</Menu.Sub.Item>
                      </Menu.Sub.Target>
                      <Menu.Sub.Dropdown>
                        {otherTabs.map((tab) => (
                          <Menu.Item key={tab.id} leftSection={swatch(tab)} onClick={() => on.onAddToTab(tab.id)}>
                            {tab.name}
                          </Menu.Item>
                        ))}
                      </Menu.Sub.Dropdown>
                    </Menu.Sub>
                  )}
                  {rights.canEdit &&
                    rights.editable &&
                    ownTabs.length > 0 &&
                    (contextTabId && template.tabIds.includes(contextTabId) ? (
                      <Menu.Item
                        leftSection={<IconTagOff size={14} />}
                        onClick={() => on.onRemoveFromTab(contextTabId)}
                      >
                        {t('templates.removeFromTab')}
                      </Menu.Item>
                    ) : (
                      <Menu.Sub>
                        <Menu.Sub.Target>
                          <Menu.Sub.Item leftSection={<IconTagOff size={14} />}>
                            {t('templates.removeFromTab')}
                          </Menu.Sub.Item>
                        </Menu.Sub.Target>
                        <Menu.Sub.Dropdown>
                          {ownTabs.map((tab) => (
                            <Menu.Item
                              key={tab.id}
                              leftSection={swatch(tab)}
                              onClick={() => on.onRemoveFromTab(tab.id)}
                            >
                              {tab.name}
                            </Menu.Item>
                          ))}
                        </Menu.Sub.Dropdown>
                      </Menu.Sub>
                    ))}
                  {rights.canArchive && rights.editable && (
                    <Menu.Item leftSection={<IconArchive size={14} />} onClick={on.onArchive}>
                      {t('templates.archive')}
                    </Menu.Item>
                  )}
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </span>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600}>
          {t('templates.deployDeniedTitle')}
        </Text>
        <Text size="sm">{t('templates.deployDenied')}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

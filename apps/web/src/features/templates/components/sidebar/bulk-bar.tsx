import { Button, Checkbox, ColorSwatch, Group, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconPencil,
  IconRocket,
  IconRocketOff,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { tabColours } from '../../../../components/ui/tab-colours.ts';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../../hooks/use-templates-page.ts';
import { type BulkAction, selectableIds, toggleAll } from '../../model/bulk.ts';

const bulkIcons: Record<BulkAction, ReactNode> = {
  edit: <IconPencil size={14} />,
  deleteTabs: <IconTrash size={14} />,
  deploy: <IconRocket size={14} />,
  undeploy: <IconRocketOff size={14} />,
  addToTab: <IconTag size={14} />,
  archive: <IconArchive size={14} />,
  restore: <IconArrowBackUp size={14} />,
  delete: <IconTrash size={14} />,
};

/** Bulk mode's bar (spec 2.5, 4.3): select all/none with the count, the Bulk Actions menu, Cancel. */
export function BulkBar({ page }: { page: TemplatesPageModel }) {
  const { t } = useTranslation();
  const { bulk, setBulk, stopBulk } = page.selection;
  const { serverTabs, shown } = page.view;
  const { selectedIds, offered, run } = page.bulkActions;
  if (!bulk) return null;
  const selectable = selectableIds(bulk.kind, serverTabs, shown);
  return (
    <Group
      gap="xs"
      justify="space-between"
      px="xs"
      py={6}
      bg="var(--mantine-color-blue-light)"
      style={{ borderRadius: 6 }}
    >
      <Checkbox
        size="xs"
        label={t('templates.selected', { count: bulk.ids.size })}
        checked={bulk.ids.size > 0 && bulk.ids.size === selectable.length}
        indeterminate={bulk.ids.size > 0 && bulk.ids.size < selectable.length}
        onChange={() => setBulk(toggleAll(bulk, selectable))}
      />
      <Group gap={4}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" disabled={bulk.ids.size === 0}>
              {t('templates.bulkActions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {offered.map(({ action, enabled }) =>
              action === 'addToTab' ? (
                <Menu.Sub key={action} disabled={!enabled}>
                  <Menu.Sub.Target>
                    <Menu.Sub.Item leftSection={bulkIcons[action]} disabled={!enabled}>
                      {t('bulk.addToTab')}
                    </Menu.Sub.Item>
                  </Menu.Sub.Target>
                  <Menu.Sub.Dropdown>
                    {serverTabs.map((tab) => (
                      <Menu.Item
                        key={tab.id}
                        leftSection={<ColorSwatch color={tabColours[tab.style]} size={10} withShadow={false} />}
                        onClick={() => void page.actions.addToTab(selectedIds, tab.id)}
                      >
                        {tab.name}
                      </Menu.Item>
                    ))}
                  </Menu.Sub.Dropdown>
                </Menu.Sub>
              ) : (
                <Menu.Item
                  key={action}
                  leftSection={bulkIcons[action]}
                  color={action === 'delete' || action === 'deleteTabs' ? 'red' : undefined}
                  disabled={!enabled}
                  onClick={() => run(action)}
                >
                  {t(`bulk.${action}`)}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
        <Button size="compact-xs" variant="subtle" onClick={stopBulk}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Group>
  );
}

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import { ActionIcon, Box, Checkbox, ColorSwatch, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChecklist,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { tabColours } from '../../../../components/ui/tab-colours.ts';
import { useTranslation } from '../../../../lib/translate.tsx';
import type { SidebarTab } from '../../model/tab-edit.ts';

type Props = {
  tab: SidebarTab;
  templates: readonly TemplateSummary[];
  expanded: boolean;
  active: boolean;
  draggable: boolean;
  /** The inline editor when this tab is being named (spec 4.3). */
  editor: ReactNode | null;
  selecting: boolean;
  selected: boolean;
  canEditTabs: boolean;
  canAddTemplate: boolean;
  onToggleExpand: () => void;
  onOpen: () => void;
  onToggleSelect: () => void;
  onEdit: () => void;
  onSelect: () => void;
  onDelete: () => void;
  onAddTemplate: () => void;
  children: ReactNode;
};

/** A tab of the template sidebar: drag handle, colour, name, its menu, and its templates. */
export function TabRow(props: Props) {
  const { t } = useTranslation();
  const { tab } = props;
  const sortable = useSortable({ id: tab.id, disabled: !props.draggable });
  const style = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.6 : 1,
  };
  const name = tab.name || t('tabs.untitled');
  return (
    <Box ref={sortable.setNodeRef} style={style} data-tab-row={tab.id}>
      <Group
        gap={4}
        wrap="nowrap"
        px={4}
        py={2}
        style={{
          borderRadius: 6,
          background: props.active ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        {props.draggable ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('tabs.drag', { name })}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        {props.selecting && !props.editor && (
          <Checkbox
            size="xs"
            checked={props.selected}
            onChange={props.onToggleSelect}
            aria-label={t('tabs.selectOne', { name })}
          />
        )}
        {props.editor ?? (
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={props.onToggleExpand}
              aria-label={t(props.expanded ? 'tabs.collapse' : 'tabs.expand', { name })}
              aria-expanded={props.expanded}
            >
              {props.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
            <UnstyledButton
              onClick={props.selecting ? props.onToggleSelect : props.onOpen}
              style={{ flex: 1, minWidth: 0 }}
              aria-current={props.active ? 'page' : undefined}
              aria-label={t('tabs.open', { name, count: props.templates.length })}
            >
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={tabColours[tab.style]} size={12} withShadow={false} />
                <Text size="sm" fw={500} truncate="end" maw={180} title={name}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {props.templates.length}
                </Text>
              </Group>
            </UnstyledButton>
            {(props.canEditTabs || props.canAddTemplate) && !tab.isNew && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('tabs.menu', { name })}>
                    <IconDots size={14} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {props.canEditTabs && (
                    <>
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={props.onEdit}>
                        {t('tabs.edit')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconChecklist size={14} />} onClick={props.onSelect}>
                        {t('tabs.select')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={props.onDelete}>
                        {t('tabs.delete')}
                      </Menu.Item>
                    </>
                  )}
                  {props.canAddTemplate && (
                    <Menu.Item leftSection={<IconPlus size={14} />} onClick={props.onAddTemplate}>
                      {t('templates.addTemplate')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </>
        )}
      </Group>
      {props.expanded && !props.editor && (
        <Box pl={34} pb={4}>
          {props.templates.length === 0 ? (
            <Text size="xs" c="dimmed" py={4}>
              {t('tabs.empty')}
            </Text>
          ) : (
            props.children
          )}
        </Box>
      )}
    </Box>
  );
}

import type { FolderState, TreeState } from '@formwork/shared/schemas/folders';
import { Button, Checkbox, CloseButton, Group } from '@mantine/core';
import { IconArchive, IconArrowBackUp, IconChevronDown, IconPencil, IconTrash } from '@tabler/icons-react';
import { Menu } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

/** Bulk selection's bar (spec 4.2): select all, the Bulk actions menu with its count, and cancel. */
export function FolderSelectionBar({
  view,
  count,
  allSelected,
  onToggleAll,
  canRename,
  onRename,
  onChange,
  onCancel,
}: {
  view: TreeState;
  count: number;
  allSelected: boolean;
  onToggleAll: () => void;
  /** Rename is for exactly one selected folder. */
  canRename: boolean;
  onRename: () => void;
  onChange: (state: FolderState) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap={4}>
      <Checkbox
        size="xs"
        label={t('folders.selectAll')}
        checked={allSelected}
        indeterminate={!allSelected && count > 0}
        onChange={onToggleAll}
      />
      <Group gap={4} wrap="nowrap">
        <Menu position="bottom-end" withinPortal returnFocus={false}>
          <Menu.Target>
            <Button size="compact-xs" variant="light" rightSection={<IconChevronDown size={12} />}>
              {t('folders.bulkActions', { count })}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {view === 'active' && (
              <Menu.Item leftSection={<IconPencil size={14} />} disabled={!canRename} onClick={onRename}>
                {t('folders.rename')}
              </Menu.Item>
            )}
            {view === 'active' ? (
              <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => onChange('archived')}>
                {t('folders.archive')}
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconArrowBackUp size={14} />} onClick={() => onChange('active')}>
                {t('folders.restore')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => onChange('deleted')}>
              {t('folders.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <CloseButton size="sm" aria-label={t('folders.cancelSelect')} onClick={onCancel} />
      </Group>
    </Group>
  );
}

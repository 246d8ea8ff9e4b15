import { type ListDetail, type ListProperty, listPropertyTypes } from '@formwork/shared/schemas/lists';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  ColorSwatch,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDots, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  useCreateItem,
  useCreateProperty,
  useDeleteItem,
  useDeleteProperty,
  useListItems,
  useMoveItem,
  useRenameProperty,
  useUpdateItem,
} from '../api/lists.ts';
import { CellInput } from './cell-input.tsx';
import { ListNameModal } from './list-name-modal.tsx';

const rowHeight = 40;
const labelWidth = 240;
const colourWidth = 110;
const propertyWidth = 170;
const actionsWidth = 110;

type Props = { companyId: string; list: ListDetail; canEditItems: boolean; canManage: boolean };

/**
 * The list editor (issue 18.2): the items in order with their colour and property values, edited
 * inline; add, reorder, remove and search; a virtual scroller pages through lists of 50,000 items.
 * Those who manage the list add, rename and remove its properties.
 */
export function ListItemsEditor({ companyId, list, canEditItems, canManage }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), 250);
  const items = useListItems(companyId, list.id, search);
  const rows = useMemo(() => items.data?.pages.flatMap((p) => p.items) ?? [], [items.data]);
  const total = items.data?.pages[0]?.total ?? 0;
  const createItem = useCreateItem(companyId, list.id);
  const updateItem = useUpdateItem(companyId, list.id);
  const moveItem = useMoveItem(companyId, list.id);
  const deleteItem = useDeleteItem(companyId, list.id);
  const [newLabel, setNewLabel] = useState('');
  const editable = canEditItems && list.state === 'active';
  const width = labelWidth + colourWidth + list.properties.length * propertyWidth + actionsWidth;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows[virtualRows.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 20 && items.hasNextPage && !items.isFetchingNextPage) void items.fetchNextPage();
  }, [lastIndex, rows.length, items]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const label = newLabel.trim();
    if (!label) return;
    await createItem.mutateAsync({ label });
    setNewLabel('');
  };

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)', flex: 1, minHeight: 0 }}>
      <PropertiesBar companyId={companyId} list={list} canManage={canManage && list.state === 'active'} />
      <Group justify="space-between" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t('lists.search')}
          aria-label={t('lists.search')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={280}
        />
        <Text size="sm" c="dimmed">
          {t('lists.itemCount', { count: total })}
        </Text>
      </Group>
      {editable ? (
        <form onSubmit={(e) => void add(e)}>
          <Group gap="xs">
            <TextInput
              aria-label={t('lists.newItem')}
              placeholder={t('lists.newItem')}
              value={newLabel}
              maxLength={500}
              onChange={(e) => setNewLabel(e.currentTarget.value)}
              w={280}
            />
            <Button type="submit" leftSection={<IconPlus size={14} />} loading={createItem.isPending} variant="light">
              {t('lists.addItem')}
            </Button>
          </Group>
        </form>
      ) : null}
      <Paper withBorder radius="md" style={{ flex: 1, minHeight: 300, overflow: 'hidden', display: 'flex' }}>
        {items.isPending ? (
          <Center w="100%">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : items.isError ? (
          <Alert color="red" m="md">
            {t('lists.loadFailed')}
          </Alert>
        ) : (
          <Box
            ref={scrollRef}
            role="table"
            aria-label={t('lists.itemsOf', { name: list.name })}
            aria-rowcount={total + 1}
            style={{ flex: 1, overflow: 'auto', position: 'relative' }}
          >
            <Box
              role="row"
              style={{
                display: 'flex',
                position: 'sticky',
                top: 0,
                zIndex: 2,
                width,
                minWidth: '100%',
                background: 'var(--mantine-color-gray-0)',
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <HeaderCell width={labelWidth}>{t('lists.item')}</HeaderCell>
              <HeaderCell width={colourWidth}>{t('lists.colour')}</HeaderCell>
              {list.properties.map((p) => (
                <HeaderCell key={p.id} width={propertyWidth}>
                  {p.name}
                </HeaderCell>
              ))}
              <HeaderCell width={actionsWidth}>
                <span className="sr-only">{t('lists.actions')}</span>
              </HeaderCell>
            </Box>
            {rows.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" size="sm">
                {search ? t('lists.noMatch') : t('lists.noItems')}
              </Text>
            ) : (
              <Box style={{ height: virtualizer.getTotalSize(), position: 'relative', width, minWidth: '100%' }}>
                {virtualRows.map((v) => {
                  const item = rows[v.index];
                  if (!item) return null;
                  const save = (change: Parameters<typeof updateItem.mutateAsync>[0]) => updateItem.mutateAsync(change);
                  return (
                    <Box
                      key={item.id}
                      role="row"
                      aria-rowindex={v.index + 2}
                      aria-label={item.label}
                      style={{
                        display: 'flex',
                        alignItems: 'center',
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        height: rowHeight,
                        width: '100%',
                        transform: `translateY(${v.start}px)`,
                        borderBottom: '1px solid var(--mantine-color-gray-2)',
                      }}
                    >
                      <Cell width={labelWidth}>
                        <CellInput
                          type="label"
                          label={t('lists.itemLabelOf', { name: item.label })}
                          value={item.label}
                          disabled={!editable}
                          onSave={(label) => save({ itemId: item.id, label })}
                        />
                      </Cell>
                      <Cell width={colourWidth}>
                        <Group gap={4} wrap="nowrap">
                          {item.colour ? <ColorSwatch color={item.colour} size={14} /> : null}
                          <CellInput
                            type="colour"
                            label={t('lists.colourOf', { name: item.label })}
                            value={item.colour ?? ''}
                            disabled={!editable}
                            onSave={(colour) => save({ itemId: item.id, colour: colour || null })}
                          />
                        </Group>
                      </Cell>
                      {list.properties.map((p) => (
                        <Cell key={p.id} width={propertyWidth}>
                          <CellInput
                            type={p.type}
                            label={t('lists.valueOf', { property: p.name, name: item.label })}
                            value={item.values[p.id] ?? ''}
                            disabled={!editable}
                            onSave={(value) => save({ itemId: item.id, values: { [p.id]: value } })}
                          />
                        </Cell>
                      ))}
                      <Cell width={actionsWidth}>
                        {editable ? (
                          <Group gap={2} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={t('lists.moveUp', { name: item.label })}
                              disabled={v.index === 0 || Boolean(search)}
                              onClick={() =>
                                moveItem.mutate({ itemId: item.id, afterItemId: rows[v.index - 2]?.id ?? null })
                              }
                            >
                              <IconArrowUp size={14} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              aria-label={t('lists.moveDown', { name: item.label })}
                              disabled={v.index >= total - 1 || Boolean(search) || !rows[v.index + 1]}
                              onClick={() =>
                                moveItem.mutate({ itemId: item.id, afterItemId: rows[v.index + 1]?.id ?? null })
                              }
                            >
                              <IconArrowDown size={14} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              size="sm"
                              color="red"
                              aria-label={t('lists.removeItem', { name: item.label })}
                              onClick={() =>
                                deleteItem
                                  .mutateAsync(item.id)
                                  .then(() => showToast('success', t('lists.itemRemoved', { name: item.label })))
                              }
                            >
                              <IconTrash size={14} />
                            </ActionIcon>
                          </Group>
                        ) : null}
                      </Cell>
                    </Box>
                  );
                })}
              </Box>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

function HeaderCell({ width, children }: { width: number; children: React.ReactNode }) {
  return (
    <Box role="columnheader" px="xs" py={8} w={width} style={{ flex: 'none' }}>
      <Text size="xs" fw={700} truncate="end">
        {children}
      </Text>
    </Box>
  );
}

function Cell({ width, children }: { width: number; children: React.ReactNode }) {
  return (
    <Box role="cell" px="xs" w={width} style={{ flex: 'none' }}>
      {children}
    </Box>
  );
}

/** The list's properties with their types; those who manage the list add, rename and remove them. */
function PropertiesBar({ companyId, list, canManage }: { companyId: string; list: ListDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const create = useCreateProperty(companyId, list.id);
  const rename = useRenameProperty(companyId, list.id);
  const remove = useDeleteProperty(companyId, list.id);
  const [name, setName] = useState('');
  const [type, setType] = useState<ListProperty['type']>('text');
  const [renaming, setRenaming] = useState<ListProperty | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await create.mutateAsync({ name: name.trim(), type });
    setName('');
  };

  return (
    <Group gap="xs" wrap="wrap" aria-label={t('lists.properties')}>
      {list.properties.map((p) => (
        <Group key={p.id} gap={2} wrap="nowrap">
          <Text size="sm" fw={500}>
            {p.name}
          </Text>
          <Text size="xs" c="dimmed">
            ({t(`lists.types.${p.type}`)})
          </Text>
          {canManage ? (
            <Menu position="bottom-start">
              <Menu.Target>
                <ActionIcon variant="subtle" size="xs" aria-label={t('lists.propertyActions', { name: p.name })}>
                  <IconDots size={12} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setRenaming(p)}>{t('lists.rename')}</Menu.Item>
                <Menu.Item color="red" onClick={() => remove.mutate(p.id)}>
                  {t('lists.removeProperty')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      ))}
      {canManage ? (
        <form onSubmit={(e) => void add(e)}>
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              aria-label={t('lists.propertyName')}
              placeholder={t('lists.propertyName')}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Select
              size="xs"
              w={150}
              aria-label={t('lists.propertyType')}
              value={type}
              allowDeselect={false}
              onChange={(v) => v && setType(v as ListProperty['type'])}
              data={listPropertyTypes.map((value) => ({ value, label: t(`lists.types.${value}`) }))}
            />
            <Button size="xs" type="submit" variant="light" loading={create.isPending}>
              {t('lists.addProperty')}
            </Button>
          </Group>
        </form>
      ) : null}
      <ListNameModal
        opened={renaming !== null}
        title={t('lists.renameProperty')}
        submitLabel={t('lists.rename')}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSubmit={(next) => rename.mutateAsync({ propertyId: renaming?.id ?? '', name: next })}
      />
    </Group>
  );
}

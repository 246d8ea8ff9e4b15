import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDots, IconFolder, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { onDemand } from '../../../components/ui/on-demand.tsx';
import { Menu } from '../../../components/ui/on-demand-floating.tsx';
import { useTranslation } from '../../../lib/translate.tsx';

const Checkbox = onDemand(() => import('./row-checkbox.ts').then((module) => module.Checkbox));

export type RowMenuItem = { key: string; label: string; icon?: ReactNode; color?: string; onClick: () => void };

type Props = {
  kind: 'project' | 'team';
  name: string;
  /** A team's project: team names repeat across projects, so the selection checkbox names both. */
  projectName?: string;
  href: string | null;
  active: boolean;
  archived: boolean;
  expanded?: boolean;
  onToggleExpand?: () => void;
  selecting: boolean;
  selectable: boolean;
  checked: boolean;
  onToggleSelect: () => void;
  /** The inline rename input replaces the name while renaming. */
  editor?: ReactNode;
  menu: RowMenuItem[];
  onNavigate?: () => void;
};

/** One project or team row of the folder navigation (spec 2.4). */
export function FolderRow(props: Props) {
  const { t } = useTranslation();
  const { kind, name, href, active, selecting, selectable, checked, editor, menu } = props;
  const Icon = kind === 'project' ? IconFolder : IconUsersGroup;

  const label = (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
      <Icon size={16} stroke={1.6} style={{ flexShrink: 0 }} aria-hidden />
      <Text
        size="sm"
        truncate="end"
        fw={active ? 600 : kind === 'project' ? 500 : 400}
        c={props.archived ? 'dimmed' : undefined}
      >
        {name}
      </Text>
    </Group>
  );

  const body = editor ? (
    <div style={{ flex: 1, minWidth: 0 }}>{editor}</div>
  ) : selecting ? (
    <UnstyledButton
      onClick={props.onToggleSelect}
      disabled={!selectable}
      style={{ flex: 1, minWidth: 0, display: 'flex', cursor: selectable ? 'pointer' : 'default' }}
      aria-label={name}
    >
      {label}
    </UnstyledButton>
  ) : href ? (
    <UnstyledButton
      component={Link}
      to={href}
      onClick={props.onNavigate}
      aria-current={active ? 'page' : undefined}
      style={{ flex: 1, minWidth: 0, display: 'flex' }}
      data-folder-link
    >
      {label}
    </UnstyledButton>
  ) : (
    <UnstyledButton
      onClick={props.onToggleExpand}
      style={{ flex: 1, minWidth: 0, display: 'flex' }}
      title={t('folders.noAccess')}
    >
      {label}
    </UnstyledButton>
  );

  return (
    <Group
      gap={4}
      wrap="nowrap"
      h="100%"
      pl={kind === 'team' ? 34 : 6}
      pr={4}
      data-folder-row={kind}
      data-active={active || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Checkbox
        when={selecting}
        size="xs"
        aria-label={t('folders.selectFolder', {
          name: props.projectName ? t('folders.teamInProject', { team: name, project: props.projectName }) : name,
        })}
        checked={checked}
        disabled={!selectable}
        onChange={props.onToggleSelect}
      />
      {kind === 'project' && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={props.onToggleExpand}
          aria-label={props.expanded ? t('folders.collapse', { name }) : t('folders.expand', { name })}
          aria-expanded={props.expanded}
        >
          {props.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      )}
      {body}
      {menu.length > 0 && !editor && !selecting && (
        <Menu position="bottom-end" withinPortal returnFocus={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('folders.folderMenu', { name })}>
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((item) => (
              <Menu.Item key={item.key} leftSection={item.icon} color={item.color} onClick={item.onClick}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

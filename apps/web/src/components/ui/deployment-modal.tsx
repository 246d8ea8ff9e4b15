import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';

/** Spec 4.3: the deploy modes of templates and lists. */
export type DeployMode = 'manage' | 'deploy' | 'undeploy';

/** A folder something can be deployed to, under its group (a team under its project). */
export type DeployTarget = {
  id: string;
  name: string;
  /** The checkbox's accessible name, when the name alone is ambiguous (three "Civil Works"). */
  label?: string;
  group?: { id: string; name: string };
};

/** Whether Apply is enabled (spec 4.3): only when the selection changed from where it started. */
export function selectionChanged(initial: ReadonlySet<string>, current: ReadonlySet<string>): boolean {
  if (initial.size !== current.size) return true;
  for (const id of current) if (!initial.has(id)) return true;
  return false;
}

type Props = {
  opened: boolean;
  title: string;
  /** What the mode does, above the checklist. */
  description: string;
  /** The checklist's accessible name, the search's placeholder, and the text when there is nothing to tick. */
  targetsLabel: string;
  searchLabel: string;
  emptyText: string;
  targets: readonly DeployTarget[];
  /** The targets ticked at the start (manage: where it is deployed now; bulk: none); null while loading. */
  initial: readonly string[] | null;
  busy: boolean;
  /** Options of the mode shown above the buttons (a list's Deployed Empty or Populated). */
  children?: ReactNode;
  onApply: (ids: string[]) => void;
  onClose: () => void;
};

/**
 * Manage Deployment, bulk Deploy and bulk Undeploy (spec 4.3) of templates and lists: the folders
 * as a searchable checklist, grouped; Apply is enabled once the selection changed.
 */
export function DeploymentModal({
  opened,
  title,
  description,
  targetsLabel,
  searchLabel,
  emptyText,
  targets,
  initial,
  busy,
  children,
  onApply,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const start = useMemo(() => new Set(initial ?? []), [initial]);
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [query, setQuery] = useState('');
  const current = selected ?? start;
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const byGroup = new Map<string, { name: string | null; targets: DeployTarget[] }>();
    for (const target of targets) {
      const groupName = target.group?.name ?? '';
      if (q && !target.name.toLowerCase().includes(q) && !groupName.toLowerCase().includes(q)) continue;
      const key = target.group?.id ?? '';
      const group = byGroup.get(key) ?? { name: target.group?.name ?? null, targets: [] };
      group.targets.push(target);
      byGroup.set(key, group);
    }
    return [...byGroup.entries()];
  }, [targets, query]);

  const toggle = (id: string) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const close = () => {
    setSelected(null);
    setQuery('');
    onClose();
  };

  const checkbox = (target: DeployTarget, indent: boolean) => (
    <Checkbox
      key={target.id}
      ml={indent ? 'sm' : 0}
      label={target.name}
      aria-label={target.label ?? target.name}
      checked={current.has(target.id)}
      onChange={() => toggle(target.id)}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {initial === null ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : targets.length === 0 ? (
          <Alert color="gray">{emptyText}</Alert>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap="xs" role="group" aria-label={targetsLabel}>
              {groups.map(([groupId, group]) =>
                group.name === null ? (
                  group.targets.map((target) => checkbox(target, false))
                ) : (
                  <Stack key={groupId} gap={4} role="group" aria-label={group.name}>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                      {group.name}
                    </Text>
                    {group.targets.map((target) => checkbox(target, true))}
                  </Stack>
                ),
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={initial === null || !selectionChanged(start, current)}
            onClick={() => {
              onApply([...current]);
              setSelected(null);
            }}
          >
            {t('deploy.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

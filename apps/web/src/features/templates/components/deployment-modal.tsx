import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translate.tsx';
import type { TeamOption } from './team-options.ts';

export type DeployMode = 'manage' | 'deploy' | 'undeploy';

/** Whether Apply is enabled (spec 4.3): only when the selection changed from where it started. */
export function selectionChanged(initial: ReadonlySet<string>, current: ReadonlySet<string>): boolean {
  if (initial.size !== current.size) return true;
  for (const id of current) if (!initial.has(id)) return true;
  return false;
}

type Props = {
  opened: boolean;
  mode: DeployMode;
  /** What is being deployed, for the title. */
  subject: string;
  teams: readonly TeamOption[];
  /** The teams ticked at the start (manage: where it is deployed now; bulk: none). */
  initial: readonly string[] | null;
  busy: boolean;
  onApply: (teamIds: string[]) => void;
  onClose: () => void;
};

/** Manage Deployment, bulk Deploy and bulk Undeploy: the company's team folders as a checklist. */
export function DeploymentModal({ opened, mode, subject, teams, initial, busy, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const start = useMemo(() => new Set(initial ?? []), [initial]);
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [query, setQuery] = useState('');
  const current = selected ?? start;
  const byProject = useMemo(() => {
    const q = query.trim().toLowerCase();
    const groups = new Map<string, { name: string; teams: TeamOption[] }>();
    for (const team of teams) {
      if (q && !team.name.toLowerCase().includes(q) && !team.projectName.toLowerCase().includes(q)) continue;
      const group = groups.get(team.projectId) ?? { name: team.projectName, teams: [] };
      group.teams.push(team);
      groups.set(team.projectId, group);
    }
    return [...groups.entries()];
  }, [teams, query]);

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

  return (
    <Modal opened={opened} onClose={close} title={t(`deploy.title.${mode}`, { name: subject })} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`deploy.body.${mode}`)}
        </Text>
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t('deploy.search')}
          aria-label={t('deploy.search')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {initial === null ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : teams.length === 0 ? (
          <Alert color="gray">{t('deploy.noTeams')}</Alert>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap="xs" role="group" aria-label={t('deploy.teams')}>
              {byProject.map(([projectId, group]) => (
                <Stack key={projectId} gap={4} role="group" aria-label={group.name}>
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {group.name}
                  </Text>
                  {group.teams.map((team) => (
                    <Checkbox
                      key={team.folderId}
                      ml="sm"
                      label={team.name}
                      aria-label={t('folders.teamInProject', { team: team.name, project: group.name })}
                      checked={current.has(team.folderId)}
                      onChange={() => toggle(team.folderId)}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
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

import type { FolderKind } from '@formwork/shared/permissions';
import type { Dashboard, DashboardState } from '@formwork/shared/schemas/analytics';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  useCreateDashboard,
  useDashboards,
  useDeleteDashboard,
  useReorderDashboards,
  useUpdateDashboard,
} from '../api/analytics.ts';
import { dashboardPath } from './analytics-paths.ts';

type Props = { kind: FolderKind; folderId: string };

/** A team's or the company's dashboards (issue 20): create, rename, reorder, archive, restore, delete. */
export function DashboardsPage({ kind, folderId }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<DashboardState>('active');
  const list = useDashboards(folderId, state);
  const [naming, setNaming] = useState<{ dashboard: Dashboard | null } | null>(null);
  const update = useUpdateDashboard(folderId);
  const remove = useDeleteDashboard(folderId);
  const reorder = useReorderDashboards(folderId);
  const fail = (e: unknown) => showToast('error', problemMessage(e, t));
  const dashboards = list.data?.dashboards ?? [];
  const canEdit = list.data?.canEdit ?? false;
  const move = (index: number, by: number) => {
    const ids = dashboards.map((d) => d.dashboardId);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id as string);
    reorder.mutate(ids, { onError: fail });
  };
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {t('analytics.dashboards')}
        </Title>
        <Group>
          <SegmentedControl
            value={state}
            onChange={(v) => setState(v as DashboardState)}
            data={[
              { value: 'active', label: t('analytics.active') },
              { value: 'archived', label: t('analytics.archived') },
            ]}
          />
          {canEdit && state === 'active' && (
            <Button onClick={() => setNaming({ dashboard: null })}>{t('analytics.newDashboard')}</Button>
          )}
        </Group>
      </Group>
      {list.isError && <Text c="red">{problemMessage(list.error, t)}</Text>}
      {list.data && dashboards.length === 0 && (
        <Text c="dimmed">{state === 'active' ? t('analytics.noDashboards') : t('analytics.noArchivedDashboards')}</Text>
      )}
      <Stack gap="xs">
        {dashboards.map((d, index) => (
          <Paper key={d.dashboardId} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={dashboardPath(kind, folderId, d.dashboardId)} fw={600}>
                {d.name}
              </Anchor>
              {canEdit && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('analytics.dashboardMenu', { name: d.name })}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setNaming({ dashboard: d })}>{t('analytics.rename')}</Menu.Item>
                    {state === 'active' && index > 0 && (
                      <Menu.Item onClick={() => move(index, -1)}>{t('analytics.moveUp')}</Menu.Item>
                    )}
                    {state === 'active' && index < dashboards.length - 1 && (
                      <Menu.Item onClick={() => move(index, 1)}>{t('analytics.moveDown')}</Menu.Item>
                    )}
                    <Menu.Item
                      onClick={() =>
                        update.mutate(
                          { dashboardId: d.dashboardId, state: state === 'active' ? 'archived' : 'active' },
                          {
                            onSuccess: () =>
                              showToast(
                                'success',
                                t(state === 'active' ? 'analytics.dashboardArchived' : 'analytics.dashboardRestored'),
                              ),
                            onError: fail,
                          },
                        )
                      }
                    >
                      {state === 'active' ? t('analytics.archive') : t('analytics.restore')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      onClick={() =>
                        remove.mutate(d.dashboardId, {
                          onSuccess: () => showToast('success', t('analytics.dashboardDeleted')),
                          onError: fail,
                        })
                      }
                    >
                      {t('analytics.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {naming && (
        <DashboardNameModal folderId={folderId} dashboard={naming.dashboard} onClose={() => setNaming(null)} />
      )}
    </Stack>
  );
}

function DashboardNameModal({
  folderId,
  dashboard,
  onClose,
}: {
  folderId: string;
  dashboard: Dashboard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(dashboard?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateDashboard(folderId);
  const update = useUpdateDashboard(folderId);
  const submit = () => {
    const done = { onSuccess: onClose, onError: (e: unknown) => setError(problemMessage(e, t)) };
    if (dashboard) update.mutate({ dashboardId: dashboard.dashboardId, name }, done);
    else create.mutate(name, done);
  };
  return (
    <Modal opened onClose={onClose} title={dashboard ? t('analytics.renameDashboard') : t('analytics.newDashboard')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput
          label={t('analytics.dashboardName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} disabled={name.trim() === ''}>
            {t('analytics.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

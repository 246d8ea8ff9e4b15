import { createWorkspaceAccess, type Plan } from '@formwork/shared/permissions';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { OnDemandModal } from '../../../components/ui/on-demand-modal.tsx';
import { signOut } from '../../../lib/auth.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  useAccessibleWorkspaces,
  useCreateWorkspace,
  useVisitorTrial,
  useWorkspaceSearch,
} from '../api/accessible-workspaces.ts';
import { filterWorkspaces, workspaceSearchDebounceMs, workspaceSearchMinLength } from './workspace-filter.ts';
import { logoMaxHeight, logoMaxWidth, WorkspaceLogo } from './workspace-header.tsx';

/** Spec 9: the list is at most 318 px high. */
export const switcherListMaxHeight = 318;

export type SwitcherWorkspace = {
  workspaceId: string;
  name: string;
  logoUrl: string | null;
  archived: boolean;
  /** Spec 3: the account the workspace belongs to; shown when it is named otherwise. */
  accountName?: string;
};

type Props = {
  opened: boolean;
  /** Absent while the switcher is forced open (the current workspace is archived, spec 4.4). */
  onClose?: () => void;
  currentWorkspaceId: string | null;
  isAdmin: boolean;
  isVisitorOnly: boolean;
  onChoose: (workspace: SwitcherWorkspace) => void;
};

/** The workspace switcher of spec 2.6 and 5.4: search, the list, and adding a workspace. */
export function WorkspaceSwitcher({ opened, onClose, currentWorkspaceId, isAdmin, isVisitorOnly, onChoose }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, workspaceSearchDebounceMs);
  /** The list; a visitor's trial modal (spec 2.6, 4.4); the new workspace's name. */
  const [adding, setAdding] = useState<false | 'visitorTrial' | 'form'>(false);
  const accessible = useAccessibleWorkspaces();
  const serverSearch = isAdmin && debounced.trim().length >= workspaceSearchMinLength;
  const search = useWorkspaceSearch(debounced, serverSearch);
  const current = accessible.data?.find((w) => w.workspaceId === currentWorkspaceId);
  const access = createWorkspaceAccess({
    isAdmin,
    isVisitorOnly,
    userType: current?.userType ?? null,
    isOrgController: current?.isOrgController ?? false,
    plan: (current?.plan ?? null) as Plan | null,
  });
  // Spec 2.6: a visitor (or visitor-only user) adding a workspace starts a visitor trial.
  const isVisitor = !isAdmin && (isVisitorOnly || current?.userType === 'visitor');

  const list: SwitcherWorkspace[] = serverSearch
    ? (search.data ?? [])
    : filterWorkspaces(accessible.data ?? [], debounced);
  const loading = accessible.isPending || (serverSearch && search.isPending);
  const forced = !onClose;

  const close = () => {
    setQuery('');
    setAdding(false);
    onClose?.();
  };

  return (
    <OnDemandModal
      opened={opened}
      onClose={close}
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      title={t('workspaces.switchTitle')}
      centered
    >
      <Stack gap="sm">
        {forced && (
          <Alert color="orange" variant="light">
            {t('workspaces.archivedCurrent')}
          </Alert>
        )}
        <TextInput
          aria-label={t('workspaces.search')}
          placeholder={t('workspaces.search')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={switcherListMaxHeight} type="auto" offsetScrollbars>
          {loading ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : list.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {t('workspaces.noResults')}
            </Text>
          ) : (
            <Stack gap={2} role="list" aria-label={t('workspaces.list')}>
              {list.map((w) => {
                const isCurrent = w.workspaceId === currentWorkspaceId;
                return (
                  <UnstyledButton
                    key={w.workspaceId}
                    role="listitem"
                    onClick={() => {
                      if (w.archived) return;
                      close();
                      onChoose(w);
                    }}
                    disabled={w.archived}
                    aria-current={isCurrent || undefined}
                    p="xs"
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: isCurrent ? 'var(--mantine-color-blue-light)' : undefined,
                      opacity: w.archived ? 0.55 : 1,
                      cursor: w.archived ? 'not-allowed' : 'pointer',
                    }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Group w={logoMaxWidth} h={logoMaxHeight} justify="center" style={{ flexShrink: 0 }}>
                        <WorkspaceLogo name={w.name} logoUrl={w.logoUrl} />
                      </Group>
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={isCurrent ? 600 : 400} truncate="end">
                          {w.name}
                        </Text>
                        {w.accountName && w.accountName !== w.name && (
                          <Text size="xs" c="dimmed" truncate="end">
                            {t('workspaces.accountName', { name: w.accountName })}
                          </Text>
                        )}
                      </Stack>
                      {w.archived && <Badge color="gray">{t('workspaces.archived')}</Badge>}
                      {isCurrent && <IconCheck size={16} aria-label={t('workspaces.current')} />}
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>
        {access.showBanner && (
          <Alert color="blue" variant="light">
            {t('workspaces.createBanner')}
          </Alert>
        )}
        {adding === 'visitorTrial' ? (
          <VisitorTrialStep
            canSwitch={(accessible.data?.length ?? 0) > 1}
            onCreate={() => setAdding('form')}
            onSwitch={() => setAdding(false)}
          />
        ) : adding === 'form' ? (
          <AddWorkspaceForm
            fromWorkspaceId={current?.workspaceId}
            onCancel={() => setAdding(false)}
            onFailed={() => setAdding(isVisitor ? 'visitorTrial' : false)}
            onCreated={(w) => {
              close();
              onChoose(w);
            }}
          />
        ) : (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={!access.enabled}
            onClick={() => setAdding(isVisitor ? 'visitorTrial' : 'form')}
          >
            {t('workspaces.add')}
          </Button>
        )}
      </Stack>
    </OnDemandModal>
  );
}

/**
 * Spec 2.6, 4.4: the visitor-trial modals. The visitor's own trial that has ended gives the expired
 * one (create own workspace, switch workspace when there is another, log out); otherwise the
 * domain check picks the existing-domain one (join or create) or the plain one (create).
 */
function VisitorTrialStep({
  canSwitch,
  onCreate,
  onSwitch,
}: {
  canSwitch: boolean;
  onCreate: () => void;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const trial = useVisitorTrial(true);
  const [joining, setJoining] = useState(false);
  if (trial.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (trial.isError) {
    return (
      <Alert color="red" variant="light">
        {problemMessage(trial.error, t)}
      </Alert>
    );
  }
  const { domain, isBusinessDomainInUse, expiredTrial } = trial.data;
  const createOwn = <Button onClick={onCreate}>{t('workspaces.visitorTrial.createOwn')}</Button>;
  if (expiredTrial) {
    return (
      <Alert color="orange" variant="light" title={t('workspaces.visitorTrial.expiredTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('workspaces.visitorTrial.expiredBody', { name: expiredTrial.name })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => void signOut()}>
              {t('auth.logout')}
            </Button>
            {canSwitch && (
              <Button variant="light" onClick={onSwitch}>
                {t('workspaces.switch')}
              </Button>
            )}
            {createOwn}
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (joining) {
    return (
      <Alert color="blue" variant="light" title={t('workspaces.visitorTrial.joinTitle')}>
        <Stack gap="sm">
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>{t('workspaces.visitorTrial.joinStep1', { domain })}</List.Item>
            <List.Item>{t('workspaces.visitorTrial.joinStep2')}</List.Item>
            <List.Item>{t('workspaces.visitorTrial.joinStep3')}</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setJoining(false)}>
              {t('workspaces.visitorTrial.back')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (isBusinessDomainInUse) {
    return (
      <Alert color="blue" variant="light" title={t('workspaces.visitorTrial.existingTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('workspaces.visitorTrial.existingBody', { domain })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="light" onClick={() => setJoining(true)}>
              {t('workspaces.visitorTrial.join')}
            </Button>
            {createOwn}
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" title={t('workspaces.visitorTrial.ownTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('workspaces.visitorTrial.ownBody', { domain })}</Text>
        <Group justify="flex-end">{createOwn}</Group>
      </Stack>
    </Alert>
  );
}

function AddWorkspaceForm({
  fromWorkspaceId,
  onCancel,
  onFailed,
  onCreated,
}: {
  fromWorkspaceId: string | undefined;
  onCancel: () => void;
  /** Spec 8.2: a failed add is dismissed (a visitor whose trial has ended then sees the expired modal). */
  onFailed: () => void;
  onCreated: (workspace: SwitcherWorkspace) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateWorkspace();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    // The shared contract's rule; zod loads with the first workspace created, not with the app.
    const { workspaceNameSchema } = await import('@formwork/shared/schemas/workspaces');
    const parsed = workspaceNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const created = await create.mutateAsync({ name: parsed.data, fromWorkspaceId, timeZone: browserTimeZone() });
      showToast('success', t('workspaces.created', { name: created.name }));
      onCreated(created);
    } catch (failure) {
      // Spec 8.2: add company failure is dismissed, with the server's reason.
      showToast('error', problemMessage(failure, t));
      onFailed();
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <TextInput
          label={t('workspaces.newName')}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          autoFocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('workspaces.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

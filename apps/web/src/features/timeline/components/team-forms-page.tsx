import type { TemplateSummary } from '@formwork/shared/schemas/templates';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import {
  IconArchive,
  IconChevronDown,
  IconLayoutKanban,
  IconPlus,
  IconRestore,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { SourceMarker } from '../../../components/ui/form-source.tsx';
import { useDateText } from '../../../lib/date-text.tsx';
import { formPath, gridPath, newFormPath, registerPath } from '../../../lib/form-paths.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { type FormChange, type TimelineForm, useChangeForms, useTeamTemplates, useTimeline } from '../api/timeline.ts';
import { PdfZipExport } from './pdf-zip-export.tsx';

type Props = {
  teamId: string;
  teamName?: string;
  state: 'active' | 'archived';
  onStateChange: (state: 'active' | 'archived') => void;
  /** Only this template's forms (the Timeline grid of one template). */
  templateId?: string;
  /** Who may create forms here (permissions.ts form.create). */
  canCreate: boolean;
  /** Who may archive, restore or delete at all (per item the server decides). */
  canChange: { archive: boolean; restore: boolean; delete: boolean };
};

/** New form: one of the team's templates. */
export function NewFormMenu({ teamId, templates }: { teamId: string; templates: TemplateSummary[] }) {
  const { t } = useTranslation();
  if (templates.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal width={260}>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          {t('timeline.newForm')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('timeline.pickTemplate')}</Menu.Label>
        {templates.map((tpl) => (
          <Menu.Item key={tpl.templateId} component={Link} to={newFormPath(teamId, tpl.templateId)}>
            <Text size="sm">{tpl.name}</Text>
            <Text size="xs" c="dimmed">
              {t(`timeline.types.${tpl.type}`)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The team's forms as a dated feed (Timeline), with New form and the templates' registers and boards. */
export function TeamFormsPage({ teamId, teamName, state, onStateChange, templateId, canCreate, canChange }: Props) {
  const { t } = useTranslation();
  const dates = useDateText();
  const templates = useTeamTemplates(teamId);
  const feed = useTimeline(teamId, state, templateId);
  const change = useChangeForms(teamId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<FormChange | null>(null);
  const { ref, entry } = useIntersection({ rootMargin: '300px' });

  useEffect(() => {
    if (entry?.isIntersecting && feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  }, [entry?.isIntersecting, feed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear the selection when the list changes
  useEffect(() => setSelected(new Set()), [state, templateId]);

  const forms = useMemo(() => feed.data?.pages.flatMap((p) => p.forms) ?? [], [feed.data]);
  const groups = useMemo(() => {
    const out: { key: string; label: string; forms: TimelineForm[] }[] = [];
    for (const form of forms) {
      // Days as the workspace's time zone sees them.
      const key = dates.day(form.createdAt);
      let group = out[out.length - 1];
      if (!group || group.key !== key) {
        group = { key, label: dates.dayHeading(key), forms: [] };
        out.push(group);
      }
      group.forms.push(form);
    }
    return out;
  }, [forms, dates]);
  const list = templates.data?.templates ?? [];
  const template = templateId ? list.find((tpl) => tpl.templateId === templateId) : undefined;

  const run = async (what: FormChange) => {
    setConfirm(null);
    const formIds = [...selected];
    try {
      const result = await change.mutateAsync({ change: what, formIds });
      const done = result.results.filter((r) => r.ok).length;
      if (result.failureMessage) {
        showToast('error', t(`forms.changeFailed.${what}`));
        if (done > 0) showToast('info', t('timeline.partlyDone', { done, total: formIds.length }));
        setSelected(new Set(result.results.filter((r) => !r.ok).map((r) => r.formId)));
      } else {
        showToast('success', t(`timeline.changedMany.${what}`, { count: done }));
        setSelected(new Set());
      }
    } catch {
      showToast('error', t(`forms.changeFailed.${what}`));
    }
  };

  const toggle = (formId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(formId)) next.delete(formId);
      else next.add(formId);
      return next;
    });

  return (
    <Stack gap="md" maw={920} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="h3">
            {template ? template.name : t('timeline.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {template
              ? t('timeline.templateSubtitle', { team: teamName ?? '' })
              : t('timeline.subtitle', { team: teamName ?? '' })}
          </Text>
        </Stack>
        {canCreate &&
          (template ? (
            <Button component={Link} to={newFormPath(teamId, template.templateId)} leftSection={<IconPlus size={16} />}>
              {t('timeline.newForm')}
            </Button>
          ) : (
            <NewFormMenu teamId={teamId} templates={list} />
          ))}
      </Group>

      {!templateId && list.length > 0 && (
        <Group gap="xs">
          {list.map((tpl) => (
            <Button
              key={tpl.templateId}
              component={Link}
              to={tpl.type === 'workflow' ? gridPath(teamId, tpl.templateId) : registerPath(teamId, tpl.templateId)}
              variant="default"
              size="compact-sm"
              leftSection={tpl.type === 'workflow' ? <IconLayoutKanban size={14} /> : <IconTable size={14} />}
            >
              {tpl.name}
            </Button>
          ))}
        </Group>
      )}
      {template && (
        <Group gap="xs">
          <Anchor component={Link} to={registerPath(teamId, template.templateId)} size="sm">
            {t('timeline.openRegister')}
          </Anchor>
        </Group>
      )}

      <Group justify="space-between">
        <SegmentedControl
          value={state}
          onChange={(v) => onStateChange(v as 'active' | 'archived')}
          data={[
            { value: 'active', label: t('timeline.active') },
            { value: 'archived', label: t('timeline.archived') },
          ]}
        />
        {selected.size > 0 && (
          <Group gap="xs">
            <Text size="sm">{t('timeline.selected', { count: selected.size })}</Text>
            <PdfZipExport teamId={teamId} formIds={[...selected]} />
            {state === 'active' && canChange.archive && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconArchive size={14} />}
                onClick={() => setConfirm('archive')}
              >
                {t('forms.archive')}
              </Button>
            )}
            {state === 'archived' && canChange.restore && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconRestore size={14} />}
                onClick={() => void run('restore')}
              >
                {t('forms.restore')}
              </Button>
            )}
            {canChange.delete && (
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirm('delete')}
              >
                {t('forms.delete')}
              </Button>
            )}
          </Group>
        )}
      </Group>

      {feed.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : feed.isError ? (
        <Alert color="red">{t('timeline.loadFailed')}</Alert>
      ) : forms.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {state === 'archived' ? t('timeline.noArchived') : t('timeline.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg" data-timeline>
          {groups.map((group) => (
            <Stack key={group.key} gap="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {group.label}
              </Text>
              {group.forms.map((form) => (
                <Card key={form.formId} withBorder radius="md" padding="sm" data-form-row={form.formId}>
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Checkbox
                      mt={4}
                      aria-label={t('timeline.select', { title: form.title })}
                      checked={selected.has(form.formId)}
                      onChange={() => toggle(form.formId)}
                    />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Anchor component={Link} to={formPath(teamId, form.formId)} fw={600} size="sm" truncate="end">
                        {form.title}
                      </Anchor>
                      <Group gap={6}>
                        <Text size="xs" c="dimmed">
                          {form.templateName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          · {dates.time(form.createdAt)}
                        </Text>
                        {form.updatedAt !== form.createdAt && (
                          <Text size="xs" c="dimmed">
                            · {t('timeline.edited', { when: dates.instant(form.updatedAt) })}
                          </Text>
                        )}
                        {form.source && <SourceMarker source={form.source} />}
                      </Group>
                    </Stack>
                    {form.templateType === 'workflow' && <Badge variant="light">{t('timeline.types.workflow')}</Badge>}
                  </Group>
                </Card>
              ))}
            </Stack>
          ))}
          <div ref={ref} />
          {feed.isFetchingNextPage && (
            <Center>
              <Loader size="sm" />
            </Center>
          )}
        </Stack>
      )}

      <ConfirmModal
        confirmation={
          confirm && {
            title: t(`timeline.confirm.${confirm}`, { count: selected.size }),
            body: confirm === 'delete' ? t('timeline.deleteWarning') : t('timeline.archiveNote'),
            confirmLabel: t(`forms.${confirm}`),
            danger: confirm === 'delete',
            onConfirm: () => run(confirm),
          }
        }
        busy={change.isPending}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}

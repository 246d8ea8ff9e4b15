import { limitsFor } from '@formwork/shared/limits';
import { can, type Membership, type Plan } from '@formwork/shared/permissions';
import type { Template } from '@formwork/shared/schemas/templates';
import {
  definitionForType,
  type TemplateDefinition,
  type TemplateType,
  templateTypes,
} from '@formwork/shared/templates/template-definition';
import type { TemplateIssue } from '@formwork/shared/templates/template-issues';
import { validateTemplate } from '@formwork/shared/templates/validate-template';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconArrowBackUp,
  IconChevronLeft,
  IconCopy,
  IconDeviceFloppy,
  IconDots,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormRenderer } from '../../../../components/form-renderer/form-renderer.tsx';
import { StaleVersionModal } from '../../../../components/ui/stale-version-modal.tsx';
import { useUnsavedChangesGuard } from '../../../../components/ui/unsaved-changes.tsx';
import { HttpError } from '../../../../lib/http.ts';
import { problemMessage } from '../../../../lib/problem-message.ts';
import { showToast } from '../../../../lib/toast.tsx';
import {
  type TemplateFolder,
  templateKeys,
  useChangeTemplateState,
  useCloneTemplate,
  useCreateTemplate,
  useSaveTemplate,
  useTemplate,
  useTemplateList,
} from '../../api/templates.ts';
import { type Draft, draftOf, useTemplateDraft } from '../../hooks/use-template-draft.ts';
import { type EditorTab, editorTabs, groupIssues, issueTab, serverIssues } from '../../model/issues.ts';
import { templateEditorPath, templatesPath } from '../../template-paths.ts';
import { FieldsTab } from './fields-tab.tsx';
import { HeaderFooterTab } from './header-footer-tab.tsx';
import { MobileTab, ViewSettingsTab } from './other-tabs.tsx';
import { PdfFilenameEditor } from './pdf-filename-editor.tsx';

type Props = {
  folder: TemplateFolder;
  path: readonly string[];
  /** null: a new template in `folder`. */
  templateId: string | null;
  viewer: Membership;
  plan: Plan;
  /** A new template starts in this tab (Add Template from a tab's menu). */
  initialTabId?: string | null;
  workspaceName?: string;
  /** The route's key for this editor; a new template's save carries it to the template's address. */
  instance: string;
};

/** Navigation state of the editor's own step from .../new to the saved template's address. */
export type TemplateEditorState = { editorInstance: string };

/**
 * The template editor (spec 2.6): Settings, Fields, Header/Footer, Web Preview, Mobile Apps, View
 * Settings and Download Settings. Validation runs live with validateTemplate(); the server's 400
 * issues show at the same places; saves name the version they started from (409: reload).
 */
export function TemplateEditor({
  folder,
  path,
  templateId,
  viewer,
  plan,
  initialTabId,
  workspaceName,
  instance,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loaded = useTemplate(templateId);
  const list = useTemplateList(folder, 'active');
  const create = useCreateTemplate(folder);
  const save = useSaveTemplate(templateId ?? '-');
  const clone = useCloneTemplate(templateId ?? '-');
  const changeState = useChangeTemplateState();

  const [tab, setTab] = useState<EditorTab>('settings');
  const [selectedField, setSelectedField] = useState<string | null>(null);
  const [server, setServer] = useState<TemplateIssue[]>([]);
  const [showIssues, setShowIssues] = useState(false);
  const [stale, setStale] = useState(false);
  const [cloning, setCloning] = useState(false);
  const [stateAction, setStateAction] = useState<'archive' | 'restore' | null>(null);

  const template = loaded.data ?? null;
  const { draft, setDraft, baseline, setBaseline, dirty, loadedVersion } = useTemplateDraft(template, {
    templateId,
    initialTabId,
  });
  const isNew = templateId === null;
  const folderRef = { kind: folder.kind, path };
  const canEdit = can(viewer, 'template.edit', folderRef);
  const canArchive = can(viewer, 'template.archive', folderRef);
  const archived = template?.state === 'archived';
  const reachedByDeployment = template?.isCompany && folder.kind === 'team';
  const readOnly = !canEdit || archived || reachedByDeployment;
  const limits = limitsFor(plan);

  const issues = useMemo(() => (draft ? validateTemplate(draft, { plan }) : []), [draft, plan]);
  const all = useMemo(() => [...issues, ...server], [issues, server]);
  const grouped = useMemo(() => (draft ? groupIssues(all, draft.definition) : null), [all, draft]);
  const perTab = useMemo(() => {
    const counts = new Map<EditorTab, number>();
    for (const i of all) counts.set(issueTab(i.path), (counts.get(issueTab(i.path)) ?? 0) + 1);
    return counts;
  }, [all]);

  // Unsaved changes: leaving the editor asks to save first (the app's one guard).
  const guard = useUnsavedChangesGuard(dirty, { onSave: () => runSave() });

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setServer([]);
  };
  const setDefinition = (definition: TemplateDefinition) => update({ definition });

  const listPath = templatesPath(folder.kind, folder.folderId, archived ? 'archived' : 'active');

  const errorMessage = (error: unknown) => problemMessage(error, t);

  /** Saves; true when saved. */
  const runSave = async (): Promise<boolean> => {
    if (!draft) return false;
    if (issues.length > 0) {
      setShowIssues(true);
      const first = issues[0];
      if (first) setTab(issueTab(first.path));
      showToast('error', t('editor.fixProblems'));
      return false;
    }
    try {
      if (isNew) {
        const created = await create.mutateAsync({
          name: draft.name,
          templateCode: draft.templateCode,
          formName: draft.formName,
          type: draft.type,
          definition: draft.definition,
          tabIds: draft.tabIds,
        });
        showToast('success', t('editor.created'));
        setBaseline(draft);
        queryClient.setQueryData(templateKeys.detail(created.templateId), created);
        guard.leaveWithoutAsking(() =>
          navigate(templateEditorPath(folder.kind, folder.folderId, created.templateId), {
            replace: true,
            state: { editorInstance: instance } satisfies TemplateEditorState,
          }),
        );
        return true;
      }
      const saved = await save.mutateAsync({
        expectedVersion: template?.currentVersion ?? 1,
        name: draft.name,
        templateCode: draft.templateCode,
        formName: draft.formName,
        definition: draft.definition,
      });
      loadedVersion.current = saved.currentVersion;
      const next = draftOf(saved);
      setBaseline(next);
      setDraft(next);
      showToast('success', t('editor.saved'));
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.code === 'staleVersion') {
        setStale(true);
        return false;
      }
      const mapped = serverIssues(error);
      if (mapped) {
        setServer(mapped);
        setShowIssues(true);
        const first = mapped[0];
        if (first) setTab(issueTab(first.path));
        showToast('error', t('editor.fixProblems'));
        return false;
      }
      showToast('error', errorMessage(error));
      return false;
    }
  };

  const reloadLatest = async () => {
    setStale(false);
    loadedVersion.current = null;
    setBaseline(null);
    await queryClient.invalidateQueries({ queryKey: templateKeys.detail(templateId ?? '-') });
  };

  const runState = async (action: 'archive' | 'restore') => {
    if (!template) return;
    try {
      await changeState.mutateAsync({
        action,
        folderId: template.folderId,
        isCompany: template.isCompany,
        templateIds: [template.templateId],
      });
      showToast('success', t(`templates.${action}d`, { count: 1 }));
      await queryClient.invalidateQueries({ queryKey: templateKeys.detail(template.templateId) });
      loadedVersion.current = null;
      setBaseline(null);
    } catch (error) {
      showToast('error', errorMessage(error));
    }
    setStateAction(null);
  };

  if (templateId && loaded.isError) {
    return (
      <Alert color="red" title={t('editor.loadFailed')} maw={720} mx="auto">
        <Anchor component={Link} to={templatesPath(folder.kind, folder.folderId)}>
          {t('editor.backToList')}
        </Anchor>
      </Alert>
    );
  }
  if (!draft || !grouped) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('editor.loading')} />
      </Center>
    );
  }

  const summary = showIssues && all.length > 0 && (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={t('editor.problems', { count: all.length })}
      role="alert"
    >
      <Stack gap={2}>
        {all.slice(0, 12).map((i) => (
          <Anchor
            key={`${i.path}|${i.code}|${i.message}`}
            component="button"
            size="sm"
            c="red"
            ta="left"
            onClick={() => {
              setTab(issueTab(i.path));
              const match = /^definition\.fields\.(\d+)/.exec(i.path);
              const fieldId = i.fieldId ?? (match ? draft.definition.fields[Number(match[1])]?.id : undefined);
              if (fieldId) setSelectedField(fieldId);
            }}
          >
            {i.message}
          </Anchor>
        ))}
        {all.length > 12 && <Text size="xs">{t('editor.moreProblems', { count: all.length - 12 })}</Text>}
      </Stack>
    </Alert>
  );

  const textError = (key: 'name' | 'templateCode' | 'formName') => {
    const messages = grouped.at(key);
    // Required messages wait until the user tried to save; others show as the user types.
    const shown = showIssues ? messages : messages.filter((m) => !/required/i.test(m));
    return shown[0];
  };
  const tabs = list.data?.tabs ?? [];
  const preview = (
    <Paper withBorder p="md" maw={720}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {draft.formName || draft.name || t('editor.untitled')}
        </Title>
        <FormRenderer
          definition={draft.definition}
          mode="preview"
          meta={{
            templateCode: draft.templateCode,
            templateVersion: template?.currentVersion,
            formName: draft.formName,
          }}
        />
      </Stack>
    </Paper>
  );

  if (readOnly && template) {
    return (
      <Stack gap="md" maw={960} mx="auto">
        <Anchor component={Link} to={listPath} size="sm">
          <Group gap={4}>
            <IconChevronLeft size={14} />
            {t('editor.backToList')}
          </Group>
        </Anchor>
        <Title order={1} fz="h3">
          {template.name}
        </Title>
        <Alert color="gray">
          {archived
            ? t('editor.archivedNotice')
            : reachedByDeployment
              ? t('editor.deployedNotice')
              : t('editor.readOnly')}
        </Alert>
        {archived && canArchive && !reachedByDeployment && (
          <Button
            w="fit-content"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => void runState('restore')}
            loading={changeState.isPending}
          >
            {t('templates.restore')}
          </Button>
        )}
        {preview}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={listPath} size="xs">
            <Group gap={2}>
              <IconChevronLeft size={12} />
              {folder.kind === 'company' ? t('templates.libraryTitle') : t('templates.teamTitle')}
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <Title order={1} fz="h3" lineClamp={1}>
              {draft.name || (isNew ? t('editor.newTitle') : t('editor.untitled'))}
            </Title>
            <Badge variant="light">{t(`templates.types.${draft.type}`)}</Badge>
            {template && (
              <Badge variant="outline" color="gray">
                {t('editor.version', { version: template.currentVersion })}
              </Badge>
            )}
            {dirty && (
              <Badge color="orange" variant="light">
                {t('editor.unsaved')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          {!isNew && (
            <Menu withinPortal position="bottom-end">
              <Menu.Target>
                <Button variant="default" size="sm" rightSection={<IconDots size={14} />}>
                  {t('editor.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => setCloning(true)}>
                  {t('editor.clone')}
                </Menu.Item>
                {canArchive && (
                  <Menu.Item
                    leftSection={<IconArchive size={14} />}
                    onClick={() => (dirty ? setStateAction('archive') : void runState('archive'))}
                  >
                    {t('templates.archive')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={create.isPending || save.isPending}
            disabled={!isNew && !dirty}
            onClick={() => void runSave()}
          >
            {t('editor.save')}
          </Button>
        </Group>
      </Group>
      {summary}
      <Tabs value={tab} onChange={(v) => v && setTab(v as EditorTab)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {editorTabs.map((key) => (
            <Tabs.Tab
              key={key}
              value={key}
              rightSection={
                showIssues && perTab.get(key) ? (
                  <Badge size="xs" color="red" circle>
                    {perTab.get(key)}
                  </Badge>
                ) : undefined
              }
            >
              {t(`editor.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Box pt="md">
          <Tabs.Panel value="settings">
            <Stack gap="sm" maw={560}>
              <TextInput
                label={t('editor.settings.name')}
                required
                value={draft.name}
                error={textError('name')}
                onChange={(e) => update({ name: e.currentTarget.value })}
              />
              <TextInput
                label={t('editor.settings.templateCode')}
                description={t('editor.settings.templateCodeHelp')}
                required
                value={draft.templateCode}
                error={textError('templateCode')}
                onChange={(e) => update({ templateCode: e.currentTarget.value })}
              />
              <TextInput
                label={t('editor.settings.formName')}
                description={t('editor.settings.formNameHelp')}
                required
                value={draft.formName}
                error={textError('formName')}
                onChange={(e) => update({ formName: e.currentTarget.value })}
              />
              <Select
                label={t('editor.settings.type')}
                description={isNew ? t('editor.settings.typeHelpNew') : t('editor.settings.typeFixed')}
                data={templateTypes.map((type) => ({ value: type, label: t(`templates.types.${type}`) }))}
                value={draft.type}
                disabled={!isNew}
                allowDeselect={false}
                onChange={(v) => {
                  const type = (v ?? 'timeline') as TemplateType;
                  update({ type, definition: definitionForType(draft.definition, type) });
                }}
              />
              {isNew && tabs.length > 0 && (
                <MultiSelect
                  label={t('editor.settings.tabs')}
                  data={tabs.map((x) => ({ value: x.id, label: x.name }))}
                  value={draft.tabIds}
                  onChange={(tabIds) => update({ tabIds })}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="fields">
            <FieldsTab
              definition={draft.definition}
              selectedId={selectedField}
              onSelect={setSelectedField}
              onChange={setDefinition}
              fieldIssues={grouped.byField}
              logicIssues={(i) => grouped.at(`definition.logic.${i}`)}
            />
          </Tabs.Panel>
          <Tabs.Panel value="headerFooter">
            <HeaderFooterTab
              companyId={folder.companyId}
              folderId={folder.kind === 'team' ? folder.folderId : undefined}
              header={draft.definition.header}
              footer={draft.definition.footer}
              onChange={(part, value) => setDefinition({ ...draft.definition, [part]: value })}
              issuesAt={grouped.at}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview">{preview}</Tabs.Panel>
          <Tabs.Panel value="mobile">
            <MobileTab definition={draft.definition} onChange={setDefinition} />
          </Tabs.Panel>
          <Tabs.Panel value="view">
            <ViewSettingsTab
              type={draft.type}
              definition={draft.definition}
              onChange={setDefinition}
              issues={grouped.at('definition.workflow')}
              orderIssues={grouped.at('definition.registerOrder')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="download">
            <PdfFilenameEditor
              settings={draft.definition.pdfFilename}
              fields={draft.definition.fields}
              limits={limits}
              example={{
                templateName: draft.name,
                templateCode: draft.templateCode,
                formName: draft.formName,
                workspaceName,
              }}
              onChange={(pdfFilename) => setDefinition({ ...draft.definition, pdfFilename })}
              issues={grouped.at('definition.pdfFilename')}
            />
          </Tabs.Panel>
        </Box>
      </Tabs>

      <Modal
        opened={stateAction !== null}
        onClose={() => setStateAction(null)}
        title={t('editor.unsavedTitle')}
        centered
      >
        <Text size="sm">{t('editor.unsavedBeforeArchive')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setStateAction(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="light"
            onClick={() => {
              setDraft(baseline);
              if (stateAction) void runState(stateAction);
            }}
          >
            {t('editor.discardAnd', { action: t(`templates.${stateAction ?? 'archive'}`) })}
          </Button>
          <Button
            loading={save.isPending || changeState.isPending}
            onClick={async () => {
              if ((await runSave()) && stateAction) await runState(stateAction);
              else setStateAction(null);
            }}
          >
            {t('editor.saveAnd', { action: t(`templates.${stateAction ?? 'archive'}`) })}
          </Button>
        </Group>
      </Modal>

      <StaleVersionModal
        opened={stale}
        title={t('editor.staleTitle')}
        message={t('editor.stale')}
        onCancel={() => setStale(false)}
        onReload={() => void reloadLatest()}
      />

      {cloning && template && (
        <CloneModal
          template={template}
          busy={clone.isPending}
          onClose={() => setCloning(false)}
          onClone={async (body) => {
            try {
              const copy = await clone.mutateAsync(body);
              showToast('success', t('editor.cloned'));
              setCloning(false);
              navigate(templateEditorPath(folder.kind, folder.folderId, copy.templateId));
            } catch (error) {
              const mapped = serverIssues(error);
              showToast('error', mapped?.[0]?.message ?? errorMessage(error));
            }
          }}
        />
      )}
    </Stack>
  );
}

function CloneModal({
  template,
  busy,
  onClose,
  onClone,
}: {
  template: Template;
  busy: boolean;
  onClose: () => void;
  onClone: (body: { name: string; templateCode: string; type: TemplateType }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(t('editor.copyOf', { name: template.name }));
  const [code, setCode] = useState(`${template.templateCode}-COPY`);
  const [type, setType] = useState<TemplateType>(template.type);
  return (
    <Modal opened onClose={onClose} title={t('editor.clone')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('editor.cloneHelp')}
        </Text>
        <TextInput label={t('editor.settings.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('editor.settings.templateCode')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Select
          label={t('editor.settings.type')}
          data={templateTypes.map((x) => ({ value: x, label: t(`templates.types.${x}`) }))}
          value={type}
          allowDeselect={false}
          onChange={(v) => setType((v ?? template.type) as TemplateType)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={!name.trim() || !code.trim()}
            onClick={() => void onClone({ name, templateCode: code, type })}
          >
            {t('editor.clone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

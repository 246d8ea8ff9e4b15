import { limitsFor } from '@formwork/shared/limits';
import { can, type Membership, type Plan } from '@formwork/shared/permissions';
import type { TemplateDefinition } from '@formwork/shared/templates/template-definition';
import type { TemplateIssue } from '@formwork/shared/templates/template-issues';
import { validateTemplate } from '@formwork/shared/templates/validate-template';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes.tsx';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../../../lib/problem-message.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import {
  type TemplateFolder,
  templateKeys,
  useChangeTemplateState,
  useCloneTemplate,
  useCreateTemplate,
  useSaveTemplate,
  useTemplate,
  useTemplateList,
} from '../api/templates.ts';
import { type EditorTab, groupIssues, issueTab, serverIssues } from '../model/issues.ts';
import { templateEditorPath, templatesPath } from '../template-paths.ts';
import { type Draft, draftOf, useTemplateDraft } from './use-template-draft.ts';

/** Navigation state of the editor's own step from .../new to the saved template's address. */
export type TemplateEditorState = { editorInstance: string };

export type TemplateEditorOptions = {
  folder: TemplateFolder;
  path: readonly string[];
  /** null: a new template in `folder`. */
  templateId: string | null;
  viewer: Membership;
  plan: Plan;
  /** A new template starts in this tab (Add Template from a tab's menu). */
  initialTabId?: string | null;
  /** The route's key for this editor; a new template's save carries it to the template's address. */
  instance: string;
  /** A new template starts from this draft (an imported document's, issue 22.1). */
  initialDraft?: Omit<Draft, 'tabIds'> | null;
  /** Called once a new template is created, before the editor moves to its address. */
  onCreated?: (templateId: string) => void;
};

export type StateAction = 'archive' | 'restore';

/**
 * Everything the template editor does, without its views: the template and its draft, what the
 * viewer may do, live and server issues, the open tab and field, saving (409: the stale modal),
 * archiving and restoring, cloning, and the unsaved-changes guard.
 */
export function useTemplateEditor({
  folder,
  path,
  templateId,
  viewer,
  plan,
  initialTabId,
  instance,
  initialDraft,
  onCreated,
}: TemplateEditorOptions) {
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
  const [stateAction, setStateAction] = useState<StateAction | null>(null);

  const template = loaded.data ?? null;
  const { draft, setDraft, baseline, setBaseline, dirty, loadedVersion } = useTemplateDraft(template, {
    templateId,
    initialTabId,
    initialDraft,
  });
  const isNew = templateId === null;
  const folderRef = { kind: folder.kind, path };
  const canEdit = can(viewer, 'template.edit', folderRef);
  const canArchive = can(viewer, 'template.archive', folderRef);
  const archived = template?.state === 'archived';
  const reachedByDeployment = Boolean(template?.isCompany && folder.kind === 'team');
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

  /** Shows the problems and opens the tab of the first. */
  const showProblems = (found: readonly TemplateIssue[]) => {
    setShowIssues(true);
    const first = found[0];
    if (first) setTab(issueTab(first.path));
    showToast('error', t('editor.fixProblems'));
  };

  /** Saves; true when saved. */
  const runSave = async (): Promise<boolean> => {
    if (!draft) return false;
    if (issues.length > 0) {
      showProblems(issues);
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
        onCreated?.(created.templateId);
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
        showProblems(mapped);
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

  const runState = async (action: StateAction) => {
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

  /** Archive at once, or ask first when there are unsaved changes. */
  const askState = (action: StateAction) => (dirty ? setStateAction(action) : void runState(action));

  /** The unsaved-changes question before archiving: discard them, or save them first. */
  const discardAndRunState = () => {
    setDraft(baseline);
    if (stateAction) void runState(stateAction);
  };
  const saveAndRunState = async () => {
    if ((await runSave()) && stateAction) await runState(stateAction);
    else setStateAction(null);
  };

  const runClone = async (body: Parameters<typeof clone.mutateAsync>[0]) => {
    try {
      const copy = await clone.mutateAsync(body);
      showToast('success', t('editor.cloned'));
      setCloning(false);
      navigate(templateEditorPath(folder.kind, folder.folderId, copy.templateId));
    } catch (error) {
      const mapped = serverIssues(error);
      showToast('error', mapped?.[0]?.message ?? errorMessage(error));
    }
  };

  /** Opens the tab and the field an issue is about. */
  const goToIssue = (issue: TemplateIssue) => {
    setTab(issueTab(issue.path));
    const match = /^definition\.fields\.(\d+)/.exec(issue.path);
    const fieldId = issue.fieldId ?? (match ? draft?.definition.fields[Number(match[1])]?.id : undefined);
    if (fieldId) setSelectedField(fieldId);
  };

  return {
    loadFailed: Boolean(templateId && loaded.isError),
    template,
    draft,
    dirty,
    isNew,
    canArchive,
    archived,
    reachedByDeployment,
    readOnly,
    limits,
    listPath,
    templateTabs: list.data?.tabs ?? [],
    issues: { all, grouped, perTab, shown: showIssues },
    tab,
    setTab,
    selectedField,
    setSelectedField,
    update,
    setDefinition,
    goToIssue,
    saving: create.isPending || save.isPending,
    runSave,
    stale,
    dismissStale: () => setStale(false),
    reloadLatest,
    stateAction,
    cancelStateAction: () => setStateAction(null),
    changingState: save.isPending || changeState.isPending,
    restoring: changeState.isPending,
    runState,
    askState,
    discardAndRunState,
    saveAndRunState,
    cloning,
    setCloning,
    cloneBusy: clone.isPending,
    runClone,
  };
}

export type TemplateEditorModel = ReturnType<typeof useTemplateEditor>;

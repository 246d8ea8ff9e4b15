import { Alert, Anchor, Badge, Box, Center, Loader, Stack, Tabs } from '@mantine/core';
import { Link } from 'react-router';
import { StaleVersionModal } from '../../../../components/ui/stale-version-modal.tsx';
import { useTranslation } from '../../../../lib/translate.tsx';
import { type TemplateEditorOptions, useTemplateEditor } from '../../hooks/use-template-editor.ts';
import { type EditorTab, editorTabs } from '../../model/issues.ts';
import { templatesPath } from '../../template-paths.ts';
import { FieldsTab } from './fields-tab.tsx';
import { HeaderFooterTab } from './header-footer-tab.tsx';
import { MacrosTab } from './macros-tab.tsx';
import { MobileTab, ViewSettingsTab } from './other-tabs.tsx';
import { PdfFilenameEditor } from './pdf-filename-editor.tsx';
import { ReadOnlyTemplate } from './read-only-template.tsx';
import { TemplateCloneModal } from './template-clone-modal.tsx';
import { TemplateEditorHeader } from './template-editor-header.tsx';
import { TemplateIssueSummary } from './template-issue-summary.tsx';
import { TemplateSettingsTab } from './template-settings-tab.tsx';
import { TemplateWebPreview } from './template-web-preview.tsx';
import { UnsavedBeforeArchiveModal } from './unsaved-before-archive-modal.tsx';

export type { TemplateEditorState } from '../../hooks/use-template-editor.ts';

type Props = TemplateEditorOptions & { workspaceName?: string };

/**
 * The template editor (spec 2.6): Settings, Fields, Header/Footer, Web Preview, Mobile Apps, View
 * Settings and Download Settings. Validation runs live with validateTemplate(); the server's 400
 * issues show at the same places; saves name the version they started from (409: reload).
 * What it does is useTemplateEditor; this composes its views.
 */
export function TemplateEditor({ workspaceName, ...options }: Props) {
  const { t } = useTranslation();
  const { folder } = options;
  const editor = useTemplateEditor(options);
  const { draft, template, issues, setDefinition } = editor;
  const grouped = issues.grouped;

  if (editor.loadFailed) {
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

  const preview = <TemplateWebPreview draft={draft} templateVersion={template?.currentVersion} />;
  if (editor.readOnly && template) return <ReadOnlyTemplate editor={editor} preview={preview} />;

  // Required messages wait until the user tried to save; others show as the user types.
  const settingError = (key: 'name' | 'templateCode' | 'formName') => {
    const messages = grouped.at(key);
    return (issues.shown ? messages : messages.filter((m) => !/required/i.test(m)))[0];
  };

  return (
    <Stack gap="sm" maw={1200} mx="auto">
      <TemplateEditorHeader editor={editor} folderKind={folder.kind} />
      {issues.shown && issues.all.length > 0 && <TemplateIssueSummary issues={issues.all} onGoTo={editor.goToIssue} />}
      <Tabs value={editor.tab} onChange={(v) => v && editor.setTab(v as EditorTab)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {editorTabs.map((key) => (
            <Tabs.Tab
              key={key}
              value={key}
              rightSection={
                issues.shown && issues.perTab.get(key) ? (
                  <Badge size="xs" color="red" circle>
                    {issues.perTab.get(key)}
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
            <TemplateSettingsTab
              draft={draft}
              isNew={editor.isNew}
              tabs={editor.templateTabs}
              errorAt={settingError}
              onChange={editor.update}
            />
          </Tabs.Panel>
          <Tabs.Panel value="fields">
            <FieldsTab
              folder={folder}
              definition={draft.definition}
              selectedId={editor.selectedField}
              onSelect={editor.setSelectedField}
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
              limits={editor.limits}
              example={{
                templateName: draft.name,
                templateCode: draft.templateCode,
                formName: draft.formName,
                workspaceName,
              }}
              onChange={(pdfFilename) => setDefinition({ ...draft.definition, pdfFilename })}
              issues={grouped.at('definition.pdfFilename')}
              followable
            />
          </Tabs.Panel>
          <Tabs.Panel value="macros">
            <MacrosTab templateId={options.templateId} />
          </Tabs.Panel>
        </Box>
      </Tabs>

      <UnsavedBeforeArchiveModal editor={editor} />

      <StaleVersionModal
        opened={editor.stale}
        title={t('editor.staleTitle')}
        message={t('editor.stale')}
        onCancel={editor.dismissStale}
        onReload={() => void editor.reloadLatest()}
      />

      {editor.cloning && template && (
        <TemplateCloneModal
          template={template}
          busy={editor.cloneBusy}
          onClose={() => editor.setCloning(false)}
          onClone={editor.runClone}
        />
      )}
    </Stack>
  );
}

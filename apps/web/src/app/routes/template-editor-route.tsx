import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import {
  TemplateEditor,
  type TemplateEditorState,
} from '../../features/templates/components/editor/template-editor.tsx';
import { ImportedTemplateEditor } from '../../features/templates/components/import/imported-template-editor.tsx';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { useShellContext } from '../shell/shell-layout.tsx';

/** /apps/{companies|teams}/{folderId}/templates/{templateId}/edit and .../templates/new. */
export function TemplateEditorRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level, templateId } = useParams();
  const [searchParams] = useSearchParams();
  const { key: locationKey, state } = useLocation();
  const workspaces = useAccessibleWorkspaces();
  if (level !== 'teams' && level !== 'companies') return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  const workspace = workspaces.data?.find((w) => w.workspaceId === location.companyId);
  // One editor per template, and one per visit of .../new. Saving a new template moves the same
  // editor to the template's address (it names itself in the navigation state), so the user stays
  // on the tab and field they were on instead of a fresh editor starting over on Settings.
  const instance =
    (state as TemplateEditorState | null)?.editorInstance ??
    (templateId ? `template:${templateId}` : `new:${locationKey}`);
  const props = {
    instance,
    folder: {
      kind: location.kind === 'company' ? ('company' as const) : ('team' as const),
      folderId: location.folderId,
      companyId: location.companyId,
    },
    path: location.path,
    templateId: templateId ?? null,
    viewer: location.viewer,
    plan: workspace?.plan ?? 'standard',
    initialTabId: searchParams.get('tabId'),
    workspaceName: workspace?.name ?? location.companyName,
  };
  // A new template from an imported document (issue 22.1): .../templates/new?importId=...
  const importId = templateId ? null : searchParams.get('importId');
  if (importId) return <ImportedTemplateEditor key={instance} importId={importId} {...props} />;
  return <TemplateEditor key={instance} {...props} />;
}

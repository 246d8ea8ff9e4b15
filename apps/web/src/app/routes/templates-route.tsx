import { can } from '@formwork/shared/permissions';
import type { TemplateListState } from '@formwork/shared/schemas/templates';
import { Button, Center, Loader } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useFolderTree } from '../../features/folders/api/folder-tree.ts';
import { LibraryPage } from '../../features/library/components/library-page.tsx';
import type { TeamOption } from '../../features/templates/components/team-options.ts';
import { TemplatePreviewModal } from '../../features/templates/components/template-preview-modal.tsx';
import { TemplatesPage } from '../../features/templates/components/templates-page.tsx';
import { templateEditorPath, templatesPath } from '../../features/templates/template-paths.ts';
import { useTranslation } from '../../lib/translate.tsx';
import { useShellContext } from '../shell/shell-layout.tsx';

const states: readonly string[] = ['active', 'archived'];

/** The company's active team folders, for deployment checklists. */
export function useTeamOptions(companyId: string | null): TeamOption[] {
  const tree = useFolderTree(companyId, 'active');
  return useMemo(
    () =>
      (tree.data?.projects ?? [])
        .filter((p) => p.state === 'active')
        .flatMap((p) =>
          p.teams
            .filter((team) => team.state === 'active')
            .map((team) => ({ folderId: team.folderId, name: team.name, projectId: p.folderId, projectName: p.name })),
        ),
    [tree.data],
  );
}

/**
 * /apps/companies/{id}/active|archived[/tabs/{tabId}] (Template Library) and
 * /apps/teams/{id}/active|archived[/tabs/{tabId}] (Templates), spec 2.2 and 2.5.
 */
export function TemplatesRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level, state, tabId } = useParams();
  const [preview, setPreview] = useState<string | null>(null);
  const companyId = result.status === 'found' ? result.location.companyId : null;
  const teams = useTeamOptions(companyId);
  if ((level !== 'teams' && level !== 'companies') || !state || !states.includes(state)) {
    return <Navigate to="/404" replace />;
  }
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  const kind = location.kind === 'company' ? 'company' : 'team';
  // Issue 21: a team's controllers reach its submission links from its Templates.
  const links =
    location.kind === 'team' && can(location.viewer, 'link.manage', { kind: 'team', path: location.path }) ? (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconLink size={14} />}
        component={Link}
        to={`/apps/teams/${location.folderId}/links`}
      >
        {t('links.open')}
      </Button>
    ) : undefined;
  return (
    <>
      <TemplatesPage
        key={location.folderId}
        folder={{ kind, folderId: location.folderId, companyId: location.companyId }}
        path={location.path}
        viewer={location.viewer}
        state={state as TemplateListState}
        tabId={tabId ?? null}
        teams={teams}
        onPreview={setPreview}
        headerActions={links}
      />
      <TemplatePreviewModal templateId={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/**
 * /library-apps/companies/{id} and /library-apps/teams/{id} (spec 2.1 `library-apps`): the free
 * template library for the folder a copy goes to. A copy opens in the template editor.
 */
export function LibraryRoute() {
  const { t } = useTranslation();
  const { result } = useShellContext();
  const { level } = useParams();
  const navigate = useNavigate();
  if (level !== 'teams' && level !== 'companies') return <Navigate to="/404" replace />;
  if (result.status !== 'found') {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const { location } = result;
  const kind = location.kind === 'company' ? 'company' : 'team';
  const canCopy =
    location.state === 'active' && can(location.viewer, 'template.edit', { kind: location.kind, path: location.path });
  return (
    <LibraryPage
      key={location.folderId}
      target={{ kind, folderId: location.folderId }}
      folderName={kind === 'company' ? t('templates.libraryTitle') : (location.teamName ?? '')}
      canCopy={canCopy}
      backPath={templatesPath(kind, location.folderId)}
      onCopied={(template) => navigate(templateEditorPath(kind, location.folderId, template.templateId))}
    />
  );
}

import { useMemo } from 'react';
import { type DeployMode, DeploymentModal } from '../../../components/ui/deployment-modal.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import type { TemplatesPageModel } from '../hooks/use-templates-page.ts';
import { LibraryDeployModal } from './library-deploy-modal.tsx';
import type { TeamOption } from './team-options.ts';

/** The deployment dialog the page has open: a template's or a selection's teams, or (team) the library picker. */
export function DeploymentDialogs({ page, teams }: { page: TemplatesPageModel; teams: readonly TeamOption[] }) {
  const { folder, view, deployment } = page;
  const { deploy, setDeploy } = page.selection;
  const { t } = useTranslation();
  const mode = (deploy && deploy.mode !== 'library' ? deploy.mode : 'manage') as DeployMode;
  const targets = useMemo(
    () =>
      teams.map((team) => ({
        id: team.folderId,
        name: team.name,
        label: t('folders.teamInProject', { team: team.name, project: team.projectName }),
        group: { id: team.projectId, name: team.projectName },
      })),
    [teams, t],
  );
  return (
    <>
      <DeploymentModal
        key={deploy ? JSON.stringify(deploy) : 'closed'}
        opened={deploy !== null && deploy.mode !== 'library'}
        title={t(`deploy.title.${mode}`, { name: deploy && deploy.mode !== 'library' ? deploy.name : '' })}
        description={t(`deploy.body.${mode}`)}
        targetsLabel={t('deploy.teams')}
        searchLabel={t('deploy.search')}
        emptyText={t('deploy.noTeams')}
        targets={targets}
        initial={deploy?.mode === 'manage' ? deployment.currentTeamIds : []}
        busy={deployment.busy}
        onApply={(teamIds) => void deployment.apply(teamIds)}
        onClose={() => setDeploy(null)}
      />
      {deploy?.mode === 'library' && folder.kind === 'team' && (
        <LibraryDeployModal
          companyId={folder.companyId}
          deployedIds={view.templates.filter((x) => x.isCompany).map((x) => x.templateId)}
          onDeploy={deployment.deployFromLibrary}
          busy={deployment.libraryBusy}
          onClose={() => setDeploy(null)}
        />
      )}
    </>
  );
}

import type { TemplatesPageModel } from '../hooks/use-templates-page.ts';
import { type DeployMode, DeploymentModal } from './deployment-modal.tsx';
import { LibraryDeployModal } from './library-deploy-modal.tsx';
import type { TeamOption } from './team-options.ts';

/** The deployment dialog the page has open: a template's or a selection's teams, or (team) the library picker. */
export function DeploymentDialogs({ page, teams }: { page: TemplatesPageModel; teams: readonly TeamOption[] }) {
  const { folder, view, deployment } = page;
  const { deploy, setDeploy } = page.selection;
  return (
    <>
      <DeploymentModal
        key={deploy ? JSON.stringify(deploy) : 'closed'}
        opened={deploy !== null && deploy.mode !== 'library'}
        mode={(deploy && deploy.mode !== 'library' ? deploy.mode : 'manage') as DeployMode}
        subject={deploy && deploy.mode !== 'library' ? deploy.name : ''}
        teams={teams}
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

import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { type TemplateFolder, useBulkDeployment, useDeployment, useSetDeployment } from '../api/templates.ts';
import type { BulkSelection } from './use-bulk-selection.ts';

/**
 * What the deployment dialogs apply (spec 2.5, 7): one template's teams, a selection deployed to or
 * undeployed from teams, or library templates deployed to this team; each with its toast.
 */
export function useDeploymentActions(
  folder: TemplateFolder,
  { deploy, setDeploy, setBulk }: Pick<BulkSelection, 'deploy' | 'setDeploy' | 'setBulk'>,
  reportError: (error: unknown) => void,
) {
  const { t } = useTranslation();
  const setDeployment = useSetDeployment();
  const bulkDeployment = useBulkDeployment(folder.companyId);
  const deployment = useDeployment(deploy?.mode === 'manage' ? deploy.templateId : null);

  const apply = async (teamIds: string[]) => {
    if (!deploy) return;
    try {
      if (deploy.mode === 'manage') {
        await setDeployment.mutateAsync({ templateId: deploy.templateId, teamIds });
        showToast('success', t('deploy.updated'));
      } else if (deploy.mode === 'deploy' || deploy.mode === 'undeploy') {
        await bulkDeployment.mutateAsync({ mode: deploy.mode, templateIds: deploy.templateIds, teamIds });
        showToast('success', t(deploy.mode === 'deploy' ? 'deploy.deployed' : 'deploy.undeployed'));
        setBulk(null);
      }
      setDeploy(null);
    } catch (error) {
      reportError(error);
    }
  };

  const deployFromLibrary = async (templateIds: string[]) => {
    try {
      await bulkDeployment.mutateAsync({ mode: 'deploy', templateIds, teamIds: [folder.folderId] });
      showToast('success', t('deploy.deployed'));
      setDeploy(null);
    } catch (error) {
      reportError(error);
    }
  };

  return {
    /** The managed template's current teams (null until loaded). */
    currentTeamIds: deployment.data?.teamIds ?? null,
    apply,
    deployFromLibrary,
    busy: setDeployment.isPending || bulkDeployment.isPending,
    libraryBusy: bulkDeployment.isPending,
  };
}

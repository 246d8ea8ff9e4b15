import type { ListDeploymentType } from '@formwork/shared/schemas/lists';
import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { type DeployMode, DeploymentModal, type DeployTarget } from '../../../components/ui/deployment-modal.tsx';
import { showToast } from '../../../lib/toast.tsx';
import { useTranslation } from '../../../lib/translate.tsx';
import { useBulkListDeployment, useListDeployment, useSetListDeployment } from '../api/list-deployments.ts';

/** What is being deployed: one list (manage) or the selected lists (bulk deploy, bulk undeploy). */
export type ListDeploy = { mode: DeployMode; listIds: string[]; name: string };

type Props = {
  companyId: string;
  /** The company's active project folders. */
  projects: readonly DeployTarget[];
  deploy: ListDeploy;
  onClose: () => void;
};

/**
 * Issue 18.4, spec 4.3: Manage Deployment, Bulk Deploy and Bulk Undeploy of List Library lists to
 * project folders, in the templates' deployment dialog; deploying asks Deployed Populated (items
 * copied) or Deployed Empty (the project fills its own items).
 */
export function ListDeploymentDialog({ companyId, projects, deploy, onClose }: Props) {
  const { t } = useTranslation();
  const [deployment, setDeployment] = useState<ListDeploymentType>('populated');
  const managed = useListDeployment(companyId, deploy.mode === 'manage' ? (deploy.listIds[0] ?? null) : null);
  const set = useSetListDeployment(companyId);
  const bulk = useBulkListDeployment(companyId);
  const initial =
    deploy.mode === 'manage' ? (managed.data?.projects.map((p) => p.projectId) ?? null) : ([] as string[]);

  const apply = async (projectIds: string[]) => {
    if (deploy.mode === 'manage') {
      await set.mutateAsync({ listId: deploy.listIds[0] as string, projectIds, deployment });
      showToast('success', t('lists.deploy.updated'));
    } else {
      await bulk.mutateAsync({ action: deploy.mode, listIds: deploy.listIds, projectIds, deployment });
      showToast('success', t(deploy.mode === 'deploy' ? 'lists.deploy.deployed' : 'lists.deploy.undeployed'));
    }
    onClose();
  };

  return (
    <DeploymentModal
      opened
      title={t(`deploy.title.${deploy.mode}`, { name: deploy.name })}
      description={t(`lists.deploy.body.${deploy.mode}`)}
      targetsLabel={t('lists.deploy.projects')}
      searchLabel={t('lists.deploy.search')}
      emptyText={t('lists.deploy.noProjects')}
      targets={projects}
      initial={initial}
      busy={set.isPending || bulk.isPending}
      onApply={(ids) => void apply(ids)}
      onClose={onClose}
    >
      {deploy.mode === 'undeploy' ? null : (
        <Radio.Group
          label={t('lists.deploy.type')}
          value={deployment}
          onChange={(value) => setDeployment(value as ListDeploymentType)}
        >
          <Stack gap={4} mt={4}>
            <Radio value="populated" label={t('lists.deploy.populated')} />
            <Radio value="empty" label={t('lists.deploy.empty')} />
          </Stack>
        </Radio.Group>
      )}
    </DeploymentModal>
  );
}

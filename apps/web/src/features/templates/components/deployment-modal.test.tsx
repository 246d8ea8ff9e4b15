import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { DeploymentModal } from './deployment-modal.tsx';

const teams = ['Harbour Bridge Upgrade', 'Northside Hospital', 'Riverside Apartments'].map((projectName, n) => ({
  folderId: `team-${n}`,
  name: 'Civil Works',
  projectId: `project-${n}`,
  projectName,
}));

describe('deployment dialog', () => {
  it('names each team checkbox with its project, so three "Civil Works" can be told apart', async () => {
    await renderWithProviders(
      <DeploymentModal
        opened
        mode="manage"
        subject="Toolbox Talk"
        teams={teams}
        initial={[]}
        busy={false}
        onApply={() => {}}
        onClose={() => {}}
      />,
    );
    for (const project of ['Harbour Bridge Upgrade', 'Northside Hospital', 'Riverside Apartments']) {
      expect(await screen.findByRole('checkbox', { name: `Civil Works (${project})` })).toBeInTheDocument();
    }
  }, 20_000);
});

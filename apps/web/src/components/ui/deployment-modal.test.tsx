import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeploymentModal } from './deployment-modal.tsx';

const targets = ['Harbour Bridge Upgrade', 'Northside Hospital', 'Riverside Apartments'].map((projectName, n) => ({
  id: `team-${n}`,
  name: 'Civil Works',
  label: `Civil Works (${projectName})`,
  group: { id: `project-${n}`, name: projectName },
}));

const texts = {
  title: 'Manage deployment: Toolbox Talk',
  description: 'Tick the team folders.',
  targetsLabel: 'Team folders',
  searchLabel: 'Search team folders',
  emptyText: 'None',
};

describe('deployment dialog', () => {
  it('names each team checkbox with its project, so three "Civil Works" can be told apart', async () => {
    await renderWithProviders(
      <DeploymentModal
        opened
        {...texts}
        targets={targets}
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

  it('ungrouped targets (projects) are a flat list; Apply is enabled only once the selection changed (spec 4.3)', async () => {
    const onApply = vi.fn();
    await renderWithProviders(
      <DeploymentModal
        opened
        {...texts}
        targets={[
          { id: 'p1', name: 'Harbour Bridge Upgrade' },
          { id: 'p2', name: 'Northside Hospital' },
        ]}
        initial={['p1']}
        busy={false}
        onApply={onApply}
        onClose={() => {}}
      />,
    );
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Northside Hospital' }));
    expect(apply).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Northside Hospital' }));
    expect(apply).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Harbour Bridge Upgrade' }));
    await userEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith([]);
  }, 20_000);
});

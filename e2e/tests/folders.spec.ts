import { expect, type Page, test } from '@playwright/test';
import { accessToken, demo, folderNav, signInAndLand } from './helpers.ts';

const projectRows = (page: Page) => folderNav(page).locator('[data-folder-row="project"]');
const teamRows = (page: Page) => folderNav(page).locator('[data-folder-row="team"]');
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function rowMenu(page: Page, name: string, item: string) {
  await folderNav(page)
    .getByRole('button', { name: `Options for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a team member lands on their team and sees only their folders', async ({ page }) => {
  await signInAndLand(page, demo.teamMember);
  expect(page.url()).toMatch(/\/home\/teams\/[0-9a-f-]+\/activity$/);
  await expect(projectRows(page)).toHaveCount(1);
  await expect(teamRows(page)).toHaveCount(1);
  const team = ((await teamRows(page).first().textContent()) ?? '').trim();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(team);
  // No folder management for a team member.
  await expect(folderNav(page).getByRole('button', { name: 'New Project Folder' })).toHaveCount(0);
  await expect(folderNav(page).getByRole('button', { name: /^Options for/ })).toHaveCount(0);
  await expect(folderNav(page).getByRole('button', { name: 'Home Folder' })).toBeDisabled();
  // The Users page of the team: its people, and no invitations for a team member.
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(demo.teamMember)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite users' })).toHaveCount(0);
});

test('an org controller creates, archives, restores and deletes folders', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAndLand(page, demo.orgController);
  await expect(projectRows(page)).toHaveCount(3);

  // Create a project folder inline; the app opens it.
  await folderNav(page).getByRole('button', { name: 'New Project Folder' }).click();
  const projectName = folderNav(page).getByRole('textbox', { name: 'New project folder name' });
  await projectName.fill('   ');
  await projectName.press('Enter');
  await expect(page.getByText('Name should have one or more alphanumeric characters.')).toBeVisible();
  await projectName.fill('  Tower Crane Yard ');
  await projectName.press('Enter');
  await expect(toast(page, 'Folder added')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tower Crane Yard');
  await expect(page.getByText('Olivia Controller created the project folder Tower Crane Yard')).toBeVisible();

  // Add a team folder to it.
  await rowMenu(page, 'Tower Crane Yard', 'New Team Folder');
  const teamName = folderNav(page).getByRole('textbox', { name: 'New team folder name' });
  await teamName.fill('Lifting Plans');
  await teamName.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lifting Plans');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Tower Crane Yard');

  // Archive the project: its team goes with it.
  await rowMenu(page, 'Tower Crane Yard', 'Archive');
  const archiveDialog = page.getByRole('dialog', { name: 'Archive 2 folders?' });
  await expect(archiveDialog).toContainText('Lifting Plans');
  await archiveDialog.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Folders archived')).toBeVisible();

  // The folder on screen (Lifting Plans) went with it, so the toggle follows it to Archived
  // (spec 4.2), where both are; restore without confirmation.
  await expect(folderNav(page).getByRole('radio', { name: 'Archived' })).toBeChecked();
  await expect(folderNav(page).getByText('Tower Crane Yard')).toBeVisible();
  await expect(folderNav(page).getByText('Lifting Plans')).toBeVisible();
  await rowMenu(page, 'Tower Crane Yard', 'Restore');
  await expect(toast(page, 'Folders restored')).toBeVisible();
  await expect(folderNav(page).getByRole('radio', { name: 'Active' })).toBeChecked();
  await folderNav(page).getByText('Archived', { exact: true }).click();
  await expect(folderNav(page).getByText('No archived folders yet')).toBeVisible();
  await folderNav(page).getByText('Active', { exact: true }).click();
  await expect(folderNav(page).getByText('Tower Crane Yard')).toBeVisible();
  await expect(folderNav(page).getByText('Lifting Plans')).toBeVisible();

  // Delete another project with typed confirmation; the app goes to the parent (Home Folder).
  await folderNav(page).getByRole('link', { name: 'Northside Hospital' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Northside Hospital');
  await rowMenu(page, 'Northside Hospital', 'Delete');
  const deleteDialog = page.getByRole('dialog', { name: 'Delete 4 folders permanently?' });
  const confirmDelete = deleteDialog.getByRole('button', { name: 'Delete' });
  await expect(confirmDelete).toBeDisabled();
  await deleteDialog.getByRole('textbox').fill('DELETE');
  await confirmDelete.click();
  await expect(toast(page, 'Folders deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/home\/companies\/[0-9a-f-]+\/activity$/);
  await expect(folderNav(page).getByText('Northside Hospital')).toHaveCount(0);
  await expect(projectRows(page)).toHaveCount(3);
});

test('the folder search keeps a project matching by name with all its teams', async ({ page }) => {
  await signInAndLand(page, demo.orgController);
  await folderNav(page).getByRole('textbox', { name: 'Search folders' }).fill('rIVERSIDE');
  await expect(projectRows(page)).toHaveCount(1);
  await expect(teamRows(page)).toHaveCount(3);
  await folderNav(page).getByRole('textbox', { name: 'Search folders' }).fill('electr');
  // The search applies after a short pause: first every team shown is an Electrical one, then
  // each sits under its own project (counted only once the rows have settled).
  await expect(teamRows(page).filter({ hasNotText: 'Electrical' })).toHaveCount(0);
  await expect
    .poll(async () => {
      const teams = await teamRows(page).count();
      return teams > 0 && teams === (await projectRows(page).count());
    })
    .toBe(true);
  await folderNav(page).getByRole('textbox', { name: 'Search folders' }).fill('no such folder');
  await expect(folderNav(page).getByText('No folders match "no such folder"')).toBeVisible();
});

test('a legacy team path lands on the team activity; a missing folder redirects with a message', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAndLand(page, demo.orgController);
  const teamLink = folderNav(page).getByRole('link', { name: 'Site Safety' }).first();
  const href = (await teamLink.getAttribute('href')) as string;
  const teamId = href.split('/')[3] as string;

  await page.goto(`/teams/${teamId}`);
  await expect(page).toHaveURL(`/home/teams/${teamId}/activity`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site Safety');

  await page.goto(`/secure/home/teams/${teamId}/activity`);
  await expect(page).toHaveURL(`/home/teams/${teamId}/activity`);

  // The legacy photos path lands on the team's Photos (spec 2.2).
  await page.goto(`/teams/${teamId}/photos`);
  await expect(page).toHaveURL(`/photos/teams/${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();

  await page.goto('/home/teams/00000000-0000-4000-8000-000000000000/activity');
  await expect(toast(page, "We couldn't find this folder so we've redirected you to another folder.")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/companies\/[0-9a-f-]+\/activity$/);
});

test('launch with an action id goes to the landing folder with it; the switcher opens from the query', async ({
  page,
}) => {
  await signInAndLand(page, demo.teamMember);
  await page.goto('/launch?actionId=abc123');
  await expect(page).toHaveURL(/\/home\/teams\/[0-9a-f-]+\/activity\?actionId=abc123$/);

  await page.goto('/home?view=switchWorkspace');
  const switcher = page.getByRole('dialog', { name: 'Switch workspace' });
  await expect(switcher).toBeVisible();
  await expect(switcher.getByRole('listitem')).toContainText(['Acme Construction']);
  await switcher.getByRole('textbox', { name: 'Search workspaces' }).fill('zz-nothing');
  await expect(switcher.getByText('Oops! No results')).toBeVisible();
  // A team member on a premium plan: not an org controller, so adding a workspace is disabled.
  await expect(switcher.getByRole('button', { name: 'Add workspace' })).toBeDisabled();
});

/**
 * A project with teams of its own, made over the API as the signed-in org controller, so a test
 * that archives or deletes the folder it stands on leaves the demo folders to the other tests.
 */
async function ownProjectWithTeam(page: Page, label: string) {
  const companyId = (
    (await page.getByRole('link', { name: 'Home Folder' }).first().getAttribute('href')) as string
  ).split('/')[3] as string;
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const project = `${label} ${Date.now().toString(36)}`;
  const created = await page.request.post(`/api/companies/${companyId}/projects`, {
    headers,
    data: { name: project },
  });
  expect(created.status()).toBe(201);
  const { folderId } = (await created.json()) as { folderId: string };
  // Two teams, as a project usually has: the test acts on the first, the parent keeps the other.
  for (const name of ['Crew', 'Office']) {
    const team = await page.request.post(`/api/projects/${folderId}/teams`, { headers, data: { name } });
    expect(team.status()).toBe(201);
  }
  await page.reload();
  return { project, team: 'Crew' };
}

async function standOnTeam(page: Page, project: string, team: string) {
  await folderNav(page).getByRole('link', { name: project }).click();
  const teamLink = folderNav(page).getByRole('link', { name: team }).last();
  const teamId = ((await teamLink.getAttribute('href')) as string).split('/')[3] as string;
  await teamLink.click();
  await expect(page).toHaveURL(`/home/teams/${teamId}/activity`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(project);
}

const activeRowMenu = (page: Page, name: string) =>
  folderNav(page)
    .locator('[data-folder-row][data-active]')
    .getByRole('button', { name: `Options for ${name}` });

test('archiving the folder on screen moves the Active/Archived toggle with it (spec 4.2)', async ({ page }) => {
  await signInAndLand(page, demo.orgController);
  const { project, team } = await ownProjectWithTeam(page, 'Archive on screen');
  await standOnTeam(page, project, team);
  await activeRowMenu(page, team).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page
    .getByRole('dialog', { name: /^Archive/ })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(toast(page, 'Folders archived')).toBeVisible();
  await expect(folderNav(page).getByRole('radio', { name: 'Archived' })).toBeChecked();
  await expect(folderNav(page).locator('[data-folder-row][data-active]')).toContainText(team);
});

test('deleting the folder on screen goes to its parent, without "couldn\'t find" or a 404 request', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, demo.orgController);
  const { project, team } = await ownProjectWithTeam(page, 'Delete on screen');
  await standOnTeam(page, project, team);
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) notFound.push(r.url());
  });
  await activeRowMenu(page, team).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: /^Delete/ });
  await dialog.getByRole('textbox').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Folders deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/home\/projects\/[0-9a-f-]+\/activity$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(project);
  await page.waitForTimeout(1000);
  await expect(toast(page, "We couldn't find this folder")).toHaveCount(0);
  expect(notFound).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { accessToken, demo, signInAndLand } from './helpers.ts';

// Issue 18 ('Done when', with 18.5): a list deployed populated to a project; a form in a team of
// that project offers the items of its copy, and keeps the item it was filled with after the item
// is renamed in the list.
test('a form in the team of a project the list is deployed to offers its items and keeps its value after the item is renamed (issue 18)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();

  // The team member's team (where they land).
  await signInAndLand(page, demo.teamMember);
  const teamId = /\/home\/teams\/([0-9a-f-]+)\/activity/.exec(page.url())?.[1] as string;

  // An org controller makes a list of the List Library and a template whose fields read it,
  // deployed to that team (over the API).
  const admin = await browser.newPage();
  await signInAndLand(admin, demo.orgController);
  const companyId = /\/home\/companies\/([0-9a-f-]+)\/activity/.exec(admin.url())?.[1] as string;
  const headers = { authorization: `Bearer ${await accessToken(admin)}` };
  const api = async (method: 'post' | 'put', url: string, data: unknown, status: number) => {
    const res = await admin.request[method](url, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const lists = `/api/companies/${companyId}/lists`;
  const list = await api('post', lists, { name: `Hire plant ${stamp}` }, 201);
  const [plantId] = (await api('post', `${lists}/${list.id}/properties`, { name: 'Plant ID', type: 'text' }, 201))
    .properties;
  for (const [label, id] of [
    [`Excavator ${stamp}`, 'EX-1'],
    [`Crane ${stamp}`, 'CR-7'],
  ]) {
    await api('post', `${lists}/${list.id}/items`, { label, values: { [plantId.id]: id } }, 201);
  }
  // Deployed populated to the team's project: the project's copy has the items.
  const folder = await admin.request.get(`/api/folders/${teamId}`, { headers });
  const projectId = (await folder.json()).project.folderId as string;
  const deployment = await api(
    'put',
    `${lists}/${list.id}/deployment`,
    { projectIds: [projectId], deployment: 'populated' },
    200,
  );
  const copyId = deployment.projects[0].copyId as string;
  const template = await api(
    'post',
    `/api/companies/${companyId}/templates`,
    {
      name: `Plant Hire ${stamp}`,
      templateCode: `PH-${stamp}`,
      formName: 'Plant Hire',
      type: 'register',
      definition: {
        fields: [
          { id: 'plant', type: 'list', label: 'Plant', required: true, listId: list.id },
          { id: 'plantId', type: 'listProperty', label: 'Plant ID', sourceFieldId: 'plant', property: plantId.id },
        ],
      },
    },
    201,
  );
  await api('put', `/api/templates/${template.templateId}/deployment`, { teamIds: [teamId] }, 200);

  // The team member fills a form: the field searches the list as they type and picks by keyboard.
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`Plant Hire ${stamp}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Plant Hire' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Plant', exact: true });
  await search.fill(`crane ${stamp.toLowerCase()}`);
  const option = page.getByRole('option', { name: `Crane ${stamp}` });
  await expect(option).toBeVisible();
  await expect(page.getByRole('option', { name: `Excavator ${stamp}` })).toHaveCount(0);
  await search.press('ArrowDown');
  await search.press('Enter');
  const picked = page.getByTestId('list-item-picked');
  await expect(picked).toContainText(`Crane ${stamp}`);
  await expect(picked).toContainText('Plant ID: CR-7');
  await expect(page.locator('[data-field-id="plantId"]')).toContainText('CR-7');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(new RegExp(`/apps/teams/${teamId}/forms/[0-9a-f-]{36}$`));
  const formUrl = page.url();

  // The item is renamed in the list the form read: the project's copy, in the project's Lists.
  const editor = await browser.newPage();
  await signInAndLand(editor, demo.orgController);
  await editor.goto(`/lists/projects/${projectId}/${copyId}`);
  const label = editor.getByRole('textbox', { name: `Item Crane ${stamp}` });
  await label.fill(`Crane ${stamp} (off hire)`);
  await label.press('Enter');
  await expect(editor.getByRole('textbox', { name: `Item Crane ${stamp} (off hire)` })).toBeVisible();
  await editor.close();
  await admin.close();

  // The form keeps the item as it was filled, after a reload.
  await page.goto(formUrl);
  await expect(page.getByTestId('list-item-picked')).toContainText(`Crane ${stamp}`);
  await expect(page.getByTestId('list-item-picked')).not.toContainText('off hire');
  await expect(page.locator('[data-field-id="plantId"]')).toContainText('CR-7');
  // A new form offers the renamed item.
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.getByRole('button', { name: 'New form' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`Plant Hire ${stamp}`) }).click();
  await page.getByRole('textbox', { name: 'Plant', exact: true }).fill('off hire');
  await expect(page.getByRole('option', { name: `Crane ${stamp} (off hire)` })).toBeVisible();
});

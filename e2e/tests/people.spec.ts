import { expect, type Page, test } from '@playwright/test';
import { mailTo } from '../mail-sink.ts';
import { demo, folderNav, signInAndLand } from './helpers.ts';

const projectRows = (page: Page) => folderNav(page).locator('[data-folder-row="project"]');
const teamRows = (page: Page) => folderNav(page).locator('[data-folder-row="team"]');

test('an org controller invites a new team member, who activates from the e-mail in two steps and lands signed in on that team alone (issue 16)', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `new.person.${Date.now()}@acme.example`;
  await signInAndLand(page, demo.orgController);
  const teamLink = folderNav(page).getByRole('link', { name: 'Site Safety' }).first();
  const teamId = ((await teamLink.getAttribute('href')) ?? '').split('/')[3] as string;
  await page.goto(`/home/teams/${teamId}/activity`);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(`/users/teams/${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite users' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await expect(dialog.getByLabel('Permission level')).toHaveValue('Team Member');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending invites' });
  await expect(pending.getByText(email)).toBeVisible();

  // The e-mail leaves through the outbox; its link opens the activation.
  let text: string | undefined;
  await expect
    .poll(
      () => {
        text = mailTo(email);
        return text;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const link = /(http\S+\/users\/activation\/\S+)/.exec(text ?? '')?.[1] as string;
  expect(link).toContain(`/users/activation/`);

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Join Acme Construction' })).toBeVisible();
  await expect(invitee.getByText('You have been invited as a Contributor')).toBeVisible();
  await expect(invitee.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  // Step 1: the details (the form says what is missing).
  await invitee.getByRole('button', { name: 'Next' }).click();
  await expect(invitee.getByText('Please enter a valid name').first()).toBeVisible();
  await invitee.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await invitee.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
  await invitee.getByRole('textbox', { name: 'Mobile' }).fill('412 345 678');
  await invitee.getByRole('checkbox').check();
  await invitee.getByRole('button', { name: 'Next' }).click();
  // Step 2: the password with its rules; back by the dots keeps what was typed.
  await expect(invitee.getByRole('list', { name: 'Password rules' })).toBeVisible();
  await invitee.getByRole('button', { name: 'Step 1' }).click();
  await expect(invitee.getByRole('textbox', { name: 'First name' })).toHaveValue('Nina');
  await invitee.getByRole('button', { name: 'Next' }).click();
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill('Newcomer-2026x');
  await invitee.getByLabel('Confirm password').fill('Newcomer-2026x');
  await invitee.getByRole('button', { name: 'Activate your account' }).click();

  // Signed in without typing the password again, on that team, seeing only it.
  await invitee.waitForURL(new RegExp(`/home/teams/${teamId}/activity`), { timeout: 30_000 });
  await expect(projectRows(invitee)).toHaveCount(1);
  await expect(teamRows(invitee)).toHaveCount(1);
  await expect(teamRows(invitee).first()).toContainText('Site Safety');
  await context.close();

  // The inviter sees the new person on the Users page, and the invitation is no longer pending.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' }).getByText('Nina Newcomer')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invites' })).toHaveCount(0);

  // The used link answers 'Invalid activation code' and goes to / (opened here by the signed-in
  // inviter: an anonymous visitor's / is the sign-in page, which does not carry the message).
  await page.goto(link);
  await expect(page.getByText('Invalid activation code')).toBeVisible();
  await page.waitForURL(/\/home\//);
});

test('a bulk CSV of 3 invites with 1 bad row shows the preview and invites 2 (issue 16.2)', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const [first, second] = [`bulk.one.${stamp}@acme.example`, `bulk.two.${stamp}@acme.example`];
  await signInAndLand(page, demo.orgController);
  const teamLink = folderNav(page).getByRole('link', { name: 'Civil Works' }).first();
  const teamId = ((await teamLink.getAttribute('href')) ?? '').split('/')[3] as string;
  await page.goto(`/users/teams/${teamId}`);
  await page.getByRole('button', { name: 'Bulk invite' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Email,Level\n${first},Member\nnot-an-address,Member\n${second},Controller\n`),
  });
  await expect(dialog.getByText('people.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check' }).click();
  const preview = dialog.getByRole('table', { name: 'Rows to invite' });
  await expect(dialog.getByText('2 of 3 rows can be invited. Rows with a problem are not invited.')).toBeVisible();
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(
    preview.getByRole('row', { name: /not-an-address/ }).getByText('Please enter a valid email address'),
  ).toBeVisible();
  await expect(preview.getByRole('row', { name: new RegExp(second) })).toContainText('Team Controller');
  // Nothing is sent before the preview is accepted.
  await expect(page.getByRole('table', { name: 'Pending invites' }).getByText(first)).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Invite 2 users' }).click();
  // The server records the batch and a job invites the rows: the dialog follows it to the result.
  await expect(dialog.getByText('2 of 2 invited.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Users uploaded and invited successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  const pending = page.getByRole('table', { name: 'Pending invites' });
  await expect(pending.getByText(first)).toBeVisible();
  await expect(pending.getByText(second)).toBeVisible();
  await expect(pending.getByText('not-an-address')).toHaveCount(0);
  await expect.poll(() => mailTo(first), { timeout: 30_000 }).toBeTruthy();
});

test('an anonymous visitor opening an unknown activation link lands on sign-in with the message (issue 16.3)', async ({
  page,
}) => {
  await page.goto('/users/activation/not-a-real-activation-code');
  await expect(page.getByRole('heading', { name: 'Sign in to Formwork' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveText('Invalid activation code');
});

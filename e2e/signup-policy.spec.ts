import { ADMIN, newAccount, signInViaApi } from './support/accounts';
import { expect, test, toast } from './support/fixtures';
import { setSignupMode } from './support/signup-mode';

const PENDING = "Your account is waiting for an administrator's approval.";

test('approval mode: a new account waits, an admin approves it from Pending, then it signs in', async ({
  page,
  browser,
  request,
}) => {
  const applicant = newAccount('pending');
  await setSignupMode(request, 'approval');
  const applicantContext = await browser.newContext();
  try {
    // The applicant signs up and is told to wait; signing in says the same.
    const applicantPage = await applicantContext.newPage();
    await applicantPage.goto('/auth');
    await applicantPage.getByRole('tab', { name: 'Sign Up' }).click();
    await applicantPage.getByLabel('Full Name').fill(applicant.fullName);
    await applicantPage.getByLabel('Email').fill(applicant.email);
    await applicantPage.getByLabel('Password').fill(applicant.password);
    await applicantPage.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(applicantPage)).toContainText(PENDING);
    await applicantPage.getByLabel('Password').fill(applicant.password);
    await applicantPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(applicantPage)).toContainText(PENDING);
    await expect(applicantPage).toHaveURL(/\/auth$/);

    // The admin sees them under Pending, with a count, and approves.
    await signInViaApi(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(applicant.email);
    await expect(page.getByRole('row', { name: new RegExp(applicant.email) })).toContainText('Awaiting approval');
    const pendingTab = page.getByRole('tab', { name: /^Pending/ });
    await expect(pendingTab).toContainText(/\d/);
    await pendingTab.click();
    const list = page.getByRole('list', { name: 'Pending accounts' });
    await expect(list).toContainText(applicant.email);
    await list.getByRole('button', { name: `Approve ${applicant.fullName}` }).click();
    await expect(toast(page)).toContainText('Account approved');
    await expect(page.getByText(applicant.email)).toHaveCount(0);

    // Now the applicant gets in.
    await applicantPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(applicantPage).toHaveURL(/\/dashboard$/);
    await expect(applicantPage.getByTestId('sidebar')).toBeVisible();
  } finally {
    await applicantContext.close();
    await setSignupMode(request, 'open');
  }
});

test('invitation link: an admin creates a moderator link; the invitee signs up with it while sign-up is invite-only', async ({
  page,
  browser,
  request,
}) => {
  const invitee = newAccount('invitee');
  await setSignupMode(request, 'invite_only');
  const inviteeContext = await browser.newContext();
  try {
    await signInViaApi(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Invitations' }).click();
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create invitation' });
    await dialog.getByLabel('Role').selectOption('moderator');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const shown = page.getByRole('dialog', { name: 'Invitation link' });
    const linkField = shown.getByRole('textbox', { name: 'Invitation link' });
    await expect(linkField).toHaveValue(/\/auth\?invite=/);
    await expect(shown.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const link = await linkField.inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Invitations' })).toContainText('0 of 1 used');

    // The link opens Sign Up, which says where the account will belong.
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link);
    await expect(inviteePage.getByTestId('invitation-note')).toContainText('as a moderator');
    await inviteePage.getByLabel('Full Name').fill(invitee.fullName);
    await inviteePage.getByLabel('Email').fill(invitee.email);
    await inviteePage.getByLabel('Password').fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Create Account' }).click();
    await expect(inviteePage).toHaveURL(/\/dashboard$/);
    const me = await inviteePage.request.get('/api/auth/me');
    expect(((await me.json()) as { role: string }).role).toBe('moderator');

    // The link is used up.
    await page.reload();
    await page.getByRole('tab', { name: 'Invitations' }).click();
    await expect(page.getByRole('list', { name: 'Invitations' })).toContainText('Used up');
  } finally {
    await inviteeContext.close();
    await setSignupMode(request, 'open');
  }
});

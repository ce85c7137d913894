import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, signInViaApi } from './support/accounts';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test, toast } from './support/fixtures';

const PAGE = '/docs/gpu';
const COMPONENT = 'apps/web/src/components/gpu-meter.tsx';
const NEW_TEXT = 'The GPU meter in the sidebar now shows the memory each loaded model uses.';

/** The super admin's bearer token (a separate session from the page's). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** A git repository with two commits: a README and a component, then a change to the component. */
function twoCommitRepository(): { dir: string; first: string; second: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hearth-docs-repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
  git('init', '--quiet');
  mkdirSync(path.join(dir, path.dirname(COMPONENT)), { recursive: true });
  writeFileSync(path.join(dir, 'README.md'), '# Test app\n');
  writeFileSync(path.join(dir, COMPONENT), 'export const GpuMeter = () => null;\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'First');
  const first = git('rev-parse', 'HEAD');
  writeFileSync(path.join(dir, COMPONENT), 'export const GpuMeter = ({ usedMb }: { usedMb: number }) => usedMb;\n');
  git('commit', '--quiet', '-am', 'Show memory per model');
  return { dir, first, second: git('rev-parse', 'HEAD') };
}

test('a super admin detects a change, drafts an update with the model, reviews it and applies it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL });
  const headers = await adminHeaders(api);
  const repo = twoCommitRepository();
  const before = (await (await api.get(`/api/admin/docs/page?path=${PAGE}`, { headers })).json()) as {
    source: string;
    revision: number;
  };
  // The fake model answers with the whole page plus one new paragraph.
  await setFakeRuntime(api, { reply: `${before.source.trimEnd()}\n\n${NEW_TEXT}\n`, tokenDelayMs: 0 });
  const saved = await api.put('/api/admin/docs/maintenance/settings', {
    headers,
    data: { repoPath: repo.dir, model: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    await signInViaApi(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Documentation' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Documentation' });
    await expect(page.getByText(repo.dir)).toBeVisible();
    await expect(page.getByText('llama3:latest')).toBeVisible();

    // Detect the second commit's change only (since the first commit).
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByLabel('Since commit').fill(repo.first);
    await page.getByRole('button', { name: 'Detect changes' }).click();
    await expect(
      tab.getByText(`Detected: 1 change, 0 ignored, ${repo.first.slice(0, 7)}..${repo.second.slice(0, 7)}`),
    ).toBeVisible();
    const row = page.getByRole('row', { name: COMPONENT });
    await expect(row).toContainText('Component');
    await expect(row).toContainText('Medium');
    await expect(row.getByRole('link', { name: PAGE })).toBeVisible();

    // Draft with the fake model: a medium component change is never automatic, so it waits for review.
    await row.getByRole('button', { name: 'Draft updates' }).click();
    await expect(tab.getByText('Drafted 1 update for 1 change; 0 automatic updates applied.')).toBeVisible();
    await expect(row).toContainText('Drafted');
    await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
    const item = page.getByRole('listitem', { name: `Update of ${PAGE}` });
    await expect(item).toContainText('Review required');
    await expect(item).toContainText(COMPONENT);

    // Review: the new paragraph is an added line on the right; apply it.
    await item.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: `Review update of ${PAGE}` });
    await expect(dialog.getByRole('cell', { name: `Added: ${NEW_TEXT}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page)).toContainText('Documentation updated');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Applied (1)' })).toBeVisible();

    // The docs site shows the new text.
    await page.goto(PAGE);
    await expect(page.getByText(NEW_TEXT)).toBeVisible();
  } finally {
    await api.post('/api/admin/docs/page/revert', { headers, data: { path: PAGE, revision: before.revision } });
    await api.put('/api/admin/docs/maintenance/settings', { headers, data: { repoPath: null, model: null } });
    await setFakeRuntime(api);
    await api.dispose();
    rmSync(repo.dir, { recursive: true, force: true });
  }
});

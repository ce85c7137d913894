import { ADMIN, signInViaApi, signedInAsNewUser } from './support/accounts';
import { fakeModelFile, setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';
import { PNG } from './support/files';

test('with no model installed the chat says so and how to get one', async ({ page }) => {
  await setFakeRuntime(page.request, { models: [] });
  await signedInAsNewUser(page, 'nomodel');
  await expect(page.getByRole('heading', { name: 'No AI Models Available' })).toBeVisible();
  await expect(page.getByText(/No models found/)).toBeVisible();
  await expect(page.getByTestId('first-run-prompt')).toContainText('Ask your administrator');
  await expect(page.getByRole('button', { name: 'Retry Connection' })).toBeVisible();

  // A model appears in the runtime: Retry Connection finds it.
  await setFakeRuntime(page.request);
  await page.getByRole('button', { name: 'Retry Connection' }).click();
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
});

test('a runtime that goes down leaves its model unavailable with a Retry that checks again', async ({ page }) => {
  test.setTimeout(60_000);
  await setFakeRuntime(page.request);
  await signedInAsNewUser(page, 'rundown');
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await expect(page.getByTestId('connection-dot')).toHaveAttribute('data-connected', 'true');
  await page.getByRole('textbox', { name: 'Message' }).fill('first');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-type="ai"]')).toHaveCount(1);

  // The runtime stops answering: the header notices on its own (it re-checks every 15 s).
  await setFakeRuntime(page.request, { failStatus: 500 });
  await expect(page.getByTestId('model-unavailable')).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await expect(page.getByTestId('connection-dot')).toHaveAttribute('data-connected', 'false');
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  await retry.click();
  await expect(page.getByTestId('model-unavailable')).toBeVisible();

  await setFakeRuntime(page.request);
  await retry.click();
  await expect(page.getByTestId('model-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('connection-dot')).toHaveAttribute('data-connected', 'true');
  await expect(retry).toHaveCount(0);
});

test('an unreachable runtime shows Disconnected, never a made-up model list', async ({ page }) => {
  await setFakeRuntime(page.request, { failStatus: 500 });
  await signedInAsNewUser(page, 'offline');
  await expect(page.getByTestId('connection-badge')).toHaveText('Disconnected');
  await expect(page.getByTestId('connection-dot')).toHaveAttribute('data-connected', 'false');
  await expect(page.getByText(/Cannot connect to the model server/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('hello?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByTestId('toast')).toContainText('AI Service Unavailable');
  await setFakeRuntime(page.request);
});

test('the model panel recommends a vision model when an image is attached', async ({ page }) => {
  await setFakeRuntime(page.request, {
    models: [
      { name: 'llama3:latest', parameter_size: '8.0B', capabilities: ['completion'] },
      { name: 'llava:13b', parameter_size: '13B', families: ['llama', 'clip'], capabilities: ['completion', 'vision'] },
    ],
  });
  await signedInAsNewUser(page, 'chooser');
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await page.getByTestId('attach-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Select model' }).click();
  const panel = page.getByRole('dialog');
  const banner = panel.getByTestId('recommendation-banner');
  await expect(banner).toContainText('Image analysis');
  await expect(banner).toContainText('llava:13b');
  // Only what the runtime reported: no made-up ratings or confidence (issue #17).
  await expect(panel).not.toContainText(/confidence|Accuracy|0\.0 GB/);
  await expect(panel.getByText('All Models (2)')).toBeVisible();
  const card = panel.getByRole('article', { name: 'llava:13b' });
  await expect(card).toContainText('13B parameters');
  await expect(card).toContainText('Vision');
  await card.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByTestId('selected-model')).toHaveText('llava:13b');
  // The choice is remembered.
  await page.reload();
  await expect(page.getByTestId('selected-model')).toHaveText('llava:13b');
  await setFakeRuntime(page.request);
});

test('admins see installed models with sizes and can pull an Ollama model with live progress', async ({ page }) => {
  await setFakeRuntime(page.request, { pullSteps: 6, pullStepDelayMs: 150 });
  await signInViaApi(page, ADMIN);
  await page.goto('/workspace/models');
  const row = page.getByTestId('installed-model').filter({ hasText: 'llama3:latest' });
  // The fake reports 4,000,000,000 bytes: 4e9 / 1073741824 = 3.7 GB.
  await expect(row).toContainText('3.7 GB');
  await expect(row).toContainText('8.0B');

  await page.getByRole('textbox', { name: 'Model name to pull' }).fill('mistral:7b');
  await page.getByRole('button', { name: 'Pull', exact: true }).click();
  await expect(page.getByTestId('pull-progress')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Pull of mistral:7b' })).toBeVisible();
  await expect(page.getByText('mistral:7b is installed.')).toBeVisible();
  await expect(page.getByTestId('installed-model').filter({ hasText: 'mistral:7b' })).toBeVisible();

  await page
    .getByTestId('installed-model')
    .filter({ hasText: 'mistral:7b' })
    .getByRole('button', { name: 'Use in Chat' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('selected-model')).toHaveText('mistral:7b');
});

test('GPU mode: the badge, the GPU card, and a vision model picked first', async ({ page }) => {
  await setFakeRuntime(page.request, {
    models: [
      { name: 'llama3:latest', parameter_size: '8.0B', capabilities: ['completion'] },
      { name: 'llava:13b', parameter_size: '13B', families: ['llama', 'clip'], capabilities: ['completion', 'vision'] },
    ],
    running: [{ name: 'llava:13b', size: 8_000_000_000, size_vram: 8_000_000_000 }],
  });
  await signedInAsNewUser(page, 'gpuuser');
  await expect(page.getByTestId('connection-badge')).toHaveText('GPU Mode');
  await expect(page.getByTestId('gpu-status-card')).toBeVisible();
  await expect(page.getByTestId('selected-model')).toHaveText('llava:13b');
  await setFakeRuntime(page.request);
});

test('admins download a GGUF by URL with a sha256 and watch its progress', async ({ page }) => {
  await setFakeRuntime(page.request);
  const file = await fakeModelFile(page.request);
  await signInViaApi(page, ADMIN);
  await page.goto('/workspace/models');
  await page.getByRole('textbox', { name: 'GGUF URL' }).fill(file.url);
  await page.getByRole('textbox', { name: 'SHA-256 (optional)' }).fill(file.sha256);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const row = page.getByTestId('download-row').filter({ hasText: 'stories260K.gguf' }).first();
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row).toContainText('completed', { timeout: 20_000 });
});

import type { APIRequestContext } from '@playwright/test';
import { startFakeOpenAi } from '../apps/server/test/fakes/fake-openai';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { answers, messageBox } from './support/chat';
import { expect, test } from './support/fixtures';

const MODEL = 'tool-model';

/** A bearer token for the admin (a separate session from the page's, so no CSRF token is needed). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

test('a model on an OpenAI-compatible runtime calls a tool that asks first: approved, shown and audited', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The runtime emits tool_calls (streamed in pieces) when offered the calculator, then answers from its result.
  const runtime = await startFakeOpenAi({
    models: [MODEL],
    toolCall: { name: 'calculator', arguments: { expression: '6 * 7' } },
  });
  const api = await playwright.request.newContext({ baseURL });
  const headers = await adminHeaders(api);
  const created = await api.post('/api/models/providers', {
    headers,
    data: { kind: 'openai', name: 'Tool runtime', base_url: runtime.url },
  });
  expect(created.status(), await created.text()).toBe(201);
  const providerId = ((await created.json()) as { id: string }).id;
  try {
    // The super admin makes the calculator ask first (Workspace → Tools).
    await signInViaApi(page, ADMIN);
    await page.goto('/workspace/tools');
    const askFirst = page.getByTestId('builtin-tool-calculator').getByRole('switch', { name: 'calculator: Ask first' });
    await expect(askFirst).toBeVisible();
    if ((await askFirst.getAttribute('aria-checked')) !== 'true') await askFirst.click();
    await expect(askFirst).toHaveAttribute('aria-checked', 'true');

    await page.context().clearCookies();
    await signedInAsNewUser(page, 'tools');
    await page.getByRole('button', { name: 'Select model' }).click();
    await page
      .getByRole('dialog')
      .getByRole('article', { name: MODEL })
      .getByRole('button', { name: 'Select' })
      .click();
    await expect(page.getByTestId('selected-model')).toHaveText(MODEL);
    const useTools = page.getByRole('button', { name: 'Use tools' });
    await expect(useTools).toHaveAttribute('aria-pressed', 'false');
    await useTools.click();
    await expect(useTools).toHaveAttribute('aria-pressed', 'true');

    await messageBox(page).fill('What is six times seven?');
    await messageBox(page).press('Enter');
    const call = page.getByTestId('tool-call');
    await expect(call).toHaveAttribute('data-status', 'awaiting_approval');
    await expect(call).toContainText('calculator');
    await expect(call).toContainText('Waiting for your approval');
    await expect(call).toContainText('"expression": "6 * 7"');
    await call.getByRole('button', { name: 'Run it' }).click();

    await expect(answers(page).last()).toContainText('Tool result: 6 * 7 = 42');
    const saved = answers(page).last().getByTestId('tool-call');
    await expect(saved).toHaveAttribute('data-status', 'done');
    await saved.locator('summary').click();
    await expect(saved).toContainText('6 * 7 = 42');
    // Kept with the answer.
    await page.reload();
    await expect(answers(page).last()).toContainText('Tool result: 6 * 7 = 42', { timeout: 20_000 });
    await expect(answers(page).last().getByTestId('tool-call')).toContainText('Done');

    const audit = await page.request.get('/api/audit-logs?resource_type=tool_call');
    const entries = ((await audit.json()) as { entries: { details: Record<string, unknown> }[] }).entries;
    expect(entries[0]?.details).toMatchObject({ tool: 'calculator', status: 'done', source: 'Built-in' });
    // The runtime was offered the tool, and got its result back.
    const sent = runtime.chats().map((chat) => chat.body as { tools?: unknown[]; messages: { role: string }[] });
    expect(sent[0]?.tools?.length).toBeGreaterThan(0);
    expect(sent.at(-1)?.messages.at(-1)?.role).toBe('tool');
  } finally {
    await api.put('/api/admin/tools/builtin/calculator', { headers, data: { enabled: true, approval: 'auto' } });
    await api.delete(`/api/models/providers/${providerId}`, { headers });
    await api.dispose();
    await runtime.close();
  }
});

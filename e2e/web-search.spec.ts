import type { APIRequestContext } from '@playwright/test';
import { startFakeSearch } from '../apps/server/test/fakes/fake-search';
import { startFakeSite } from '../apps/server/test/fakes/fake-site';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { answers, sendAndExpect } from './support/chat';
import { expect, test, toast } from './support/fixtures';

/** The super admin's bearer token (a separate session from the page's). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

const PAGE = `<!doctype html><html><head><title>Hearthstone lighthouse</title></head><body><main>
<h1>Hearthstone lighthouse</h1><p>The Hearthstone lighthouse stands 42 metres tall on the northern cliffs.</p>
</main></body></html>`;

test('an admin turns on SearXNG web search; a user searches the web and sees the cited page', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A SearXNG stand-in and the site it finds, both on loopback: the admin allows 127.0.0.1 for the duration.
  const site = await startFakeSite({ '/hearthstone': { body: PAGE } });
  const search = await startFakeSearch([
    { title: 'Hearthstone lighthouse', url: `${site.url}/hearthstone`, content: 'A lighthouse on the cliffs.' },
  ]);
  const api = await playwright.request.newContext({ baseURL });
  const headers = await adminHeaders(api);
  const before = (await (await api.get('/api/admin/settings/network', { headers })).json()) as {
    allowed_hosts: string[];
  };
  await api.put('/api/admin/settings/network', {
    headers,
    data: { allowed_hosts: [...before.allowed_hosts, '127.0.0.1'] },
  });
  try {
    // The admin: Workspace → Tools → Web search, off by default.
    await signInViaApi(page, ADMIN);
    await page.goto('/workspace/tools');
    const card = page.locator('[aria-labelledby="tool-web-search"]');
    await expect(card).toContainText('Off');
    await card.getByRole('switch', { name: 'Allow web search in chats' }).click();
    await card.getByLabel('Address').fill(search.url);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page)).toContainText('Web search is on');
    await card.getByLabel('Test query').fill('lighthouse');
    await card.getByRole('button', { name: 'Test search' }).click();
    await expect(card.getByRole('status')).toContainText('1 result found');

    // A user: "Search the web" in the composer, then the answer's sources show the page.
    await page.context().clearCookies();
    await signedInAsNewUser(page, 'websearch');
    const toggle = page.getByRole('button', { name: 'Search the web' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await sendAndExpect(page, 'How tall is the Hearthstone lighthouse?', 'It is 42 metres tall [1].');

    const sources = answers(page).last().getByTestId('sources-card');
    const link = sources.getByRole('link', { name: /Hearthstone lighthouse/ });
    await expect(link).toHaveAttribute('href', `${site.url}/hearthstone`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toContainText(new URL(site.url).host);
    await expect(link).toContainText('42 metres tall');
    expect(search.queries()).toContain('How tall is the Hearthstone lighthouse?');
    // The answer says what was searched.
    await expect(page.getByTestId('web-query')).toHaveText(
      'Searched the web for “How tall is the Hearthstone lighthouse?”',
    );
  } finally {
    await api.put('/api/admin/web-search', { headers, data: { enabled: false, provider: 'searxng', base_url: null } });
    await api.put('/api/admin/settings/network', { headers, data: before });
    await api.dispose();
    await Promise.all([search.close(), site.close()]);
  }
});

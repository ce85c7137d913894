import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { CHAT_PATH, fakeDocApi, me, pageSource, renderDocs, shippedChat } from './test-doc-api';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const article = () => screen.getByRole('article');

describe('Docs page: the current version', () => {
  it('renders the saved version instead of the shipped page; the sidebar keeps its title', async () => {
    const { calls } = fakeDocApi({ sources: [pageSource('Chatting', 'The **saved** words.')] });
    renderDocs(CHAT_PATH);
    expect(await within(article()).findByRole('heading', { level: 1, name: 'Chatting' })).toBeTruthy();
    expect(within(article()).getByText('Chatting described')).toBeTruthy();
    expect(within(article()).getByText('saved').tagName).toBe('STRONG');
    expect(within(article()).queryByText(shippedChat.description)).toBeNull();
    const sidebar = screen.getByRole('navigation', { name: 'Documentation' });
    expect(within(sidebar).getByRole('link', { current: 'page' }).textContent).toBe('Chat');
    expect(calls.some((call) => call.url === '/api/docs/pages')).toBe(true);
  });

  it('shows the shipped text while loading and when the saved versions cannot be fetched', async () => {
    const { calls } = fakeDocApi({
      answers: { 'GET /api/docs/pages': { status: 500, body: { code: 'internal', message: 'Boom' } } },
    });
    renderDocs(CHAT_PATH);
    // Shipped text at once, before any answer.
    expect(within(article()).getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/docs/pages')).toBe(true));
    expect(within(article()).getByText(shippedChat.description)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the shipped page when a saved source is broken', async () => {
    fakeDocApi({ sources: ['no front matter at all'] });
    renderDocs(CHAT_PATH);
    await waitFor(() => expect(within(article()).getByText(shippedChat.description)).toBeTruthy());
  });
});

describe('Docs page: Edit page button', () => {
  it('is shown to a super admin and opens the editor (?edit=1)', async () => {
    fakeDocApi({ me: me('super_admin') });
    const { router } = renderDocs(CHAT_PATH);
    (await screen.findByRole('button', { name: 'Edit page' })).click();
    await waitFor(() => expect(router.state.location.search).toBe('?edit=1'));
    expect(await screen.findByLabelText('Page source (Markdown with front matter)')).toBeTruthy();
  });

  it.each([['admin'], ['moderator'], ['user']] as const)(
    'is not shown to the role %s, even with ?edit=1',
    async (role) => {
      const { calls } = fakeDocApi({ me: me(role) });
      renderDocs(`${CHAT_PATH}?edit=1`);
      await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/me')).toBe(true));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: /Page source/ })).toBeNull();
      expect(calls.some((call) => call.url.startsWith('/api/admin/'))).toBe(false);
    },
  );

  it('is not shown to a signed-out visitor, who is not asked about (no session cookie, no 401)', async () => {
    const { calls } = fakeDocApi();
    renderDocs(`${CHAT_PATH}?edit=1`);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/docs/pages')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/docs/pages']);
  });
});

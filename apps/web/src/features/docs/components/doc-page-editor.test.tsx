import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { CHAT_PATH, fakeDocApi, me, pageSource, renderDocs } from './test-doc-api';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const SAVED = pageSource('Chatting', 'Revision one.');
const sourceBox = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: /Page source/ });
const preview = () => screen.getByRole('region', { name: 'Preview' });

async function openEditor(options: Parameters<typeof fakeDocApi>[0] = {}) {
  const api = fakeDocApi({ me: me('super_admin'), sources: [SAVED], ...options });
  const rendered = renderDocs(`${CHAT_PATH}?edit=1`);
  const box = await sourceBox();
  return { ...api, ...rendered, box };
}

describe('Docs page editor', () => {
  it('loads the full source, previews edits live, and saves with baseRevision', async () => {
    const { calls, box, router } = await openEditor();
    expect(box.value).toBe(SAVED);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    const edited = pageSource('Chatting', 'Revision **two**.');
    fireEvent.change(box, { target: { value: edited } });
    await waitFor(() => expect(within(preview()).getByText('two').tagName).toBe('STRONG'));
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);

    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: '/api/admin/docs/page',
        body: { path: CHAT_PATH, source: edited, baseRevision: 1 },
      }),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain('Page saved');
    // Back on the page, which shows the saved text at once.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Edit page' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Page source/ })).toBeNull();
    expect(within(screen.getByRole('article')).getByText('two').tagName).toBe('STRONG');
  });

  it('saves with Ctrl+S', async () => {
    const { calls, box } = await openEditor();
    fireEvent.change(box, { target: { value: pageSource('Chatting', 'Keyboard.') } });
    fireEvent.keyDown(box, { key: 's', ctrlKey: true });
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
  });

  it('says when someone else saved first (409), and Reload loads their version', async () => {
    const conflict = { status: 409, body: { code: 'conflict', message: 'The page was changed since revision 0' } };
    const { calls, box, addRevision } = await openEditor({ answers: { 'PUT /api/admin/docs/page': conflict } });
    const theirs = pageSource('Chatting', 'Their words.');
    addRevision(theirs, 'edit', null);
    fireEvent.change(box, { target: { value: pageSource('Chatting', 'Mine.') } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page was changed by someone else. Reload to see their version.');
    const loads = calls.filter((call) => call.url.startsWith('/api/admin/docs/page?')).length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/admin/docs/page?')).length).toBe(loads + 1),
    );
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((await sourceBox()).value).toBe(theirs);
    expect(screen.getByText(/Revision 2 ·/)).toBeTruthy();
  });

  it('shows the parse error instead of the preview when the front matter is broken', async () => {
    const { box } = await openEditor();
    fireEvent.change(box, { target: { value: 'title: no fences\n\nBody' } });
    const alert = await within(preview()).findByRole('alert');
    expect(alert.textContent).toContain('front matter is broken');
    expect(alert.textContent).toContain('missing front matter');
    expect(within(preview()).queryByRole('heading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    fireEvent.change(box, { target: { value: pageSource('Moved', 'Body', '/docs/elsewhere') } });
    expect((await within(preview()).findByRole('alert')).textContent).toContain(
      "The front matter must keep the page's path: /docs/chat",
    );
  });

  it('cancels at once when unchanged, and asks first when there are unsaved changes (Escape)', async () => {
    const { box, router } = await openEditor();
    fireEvent.change(box, { target: { value: pageSource('Chatting', 'Unsaved.') } });
    fireEvent.keyDown(box, { key: 'Escape' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Discard your changes?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(screen.getByRole('article')).getByRole('heading', { level: 1, name: 'Chatting' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a link in the app leaves unsaved changes', async () => {
    const { box, router } = await openEditor();
    fireEvent.change(box, { target: { value: pageSource('Chatting', 'Unsaved.') } });
    const sidebar = screen.getByRole('navigation', { name: 'Documentation' });
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Knowledge' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(CHAT_PATH);
    expect(box.value).toContain('Unsaved.');

    fireEvent.click(within(sidebar).getByRole('link', { name: 'Knowledge' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/knowledge'));
  });

  it('warns before the tab is closed with unsaved changes', async () => {
    const { box } = await openEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(box, { target: { value: pageSource('Chatting', 'Unsaved.') } });
    expect(unload()).toBe(true);
  });
});

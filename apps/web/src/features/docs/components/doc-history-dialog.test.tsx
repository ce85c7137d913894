import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { CHAT_PATH, fakeDocApi, me, pageSource, renderDocs } from './test-doc-api';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const FIRST = pageSource('Chatting', 'Revision one.');
const SECOND = pageSource('Chatting', 'Revision two.');

async function openHistory() {
  const api = fakeDocApi({ me: me('super_admin'), sources: [FIRST, SECOND] });
  renderDocs(`${CHAT_PATH}?edit=1`);
  fireEvent.click(await screen.findByRole('button', { name: 'History' }));
  const dialog = await screen.findByRole('dialog', { name: 'Page history' });
  await within(dialog).findByRole('button', { name: /^r2/ });
  return { ...api, dialog };
}

const versionNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Versions' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Page history', () => {
  it('lists the revisions newest first, then the shipped version', async () => {
    const { dialog } = await openHistory();
    const names = versionNames(dialog);
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(/^r2 · EditedCurrentOlive Owner · /);
    expect(names[1]).toMatch(/^r1 · EditedOlive Owner · /);
    expect(names[2]).toMatch(/^Shipped version/);
    expect(within(dialog).getByRole('button', { name: 'Restore this version' })).toHaveProperty('disabled', true);
  });

  it('previews a version as a diff against the current page and restores it', async () => {
    const { calls, dialog } = await openHistory();
    fireEvent.click(within(dialog).getByRole('button', { name: /^r1/ }));
    const changes = await within(dialog).findByRole('group', { name: 'Changes against the current page' });
    expect(within(changes).getByText('Revision two.').tagName).toBe('DEL');
    expect(within(changes).getByText('Revision one.').tagName).toBe('INS');
    expect(calls.map((call) => call.url)).toContain('/api/admin/docs/page/revision?path=%2Fdocs%2Fchat&revision=1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/admin/docs/page/revert',
        body: { path: CHAT_PATH, revision: 1 },
      }),
    );
    expect((await screen.findByTestId('toast')).textContent).toContain('Page restored');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The editor starts again from the restored text, as revision 3.
    expect((await screen.findByRole<HTMLTextAreaElement>('textbox', { name: /Page source/ })).value).toBe(FIRST);
    expect(screen.getByText(/Revision 3 ·/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const reopened = await screen.findByRole('dialog', { name: 'Page history' });
    expect(versionNames(reopened)[0]).toMatch(/^r3 · Reverted to r1Current/);
  });

  it('previews the shipped version rendered, and restores it as revision 0', async () => {
    const { calls, dialog } = await openHistory();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Shipped version/ }));
    await within(dialog).findByRole('group', { name: 'Changes against the current page' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Chat' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ path: CHAT_PATH, revision: 0 }),
    );
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { Toaster } from '../../../components/ui/toaster';
import { DocumentationTab } from './documentation-tab';
import { change, stubDocsApi, update } from './fake-docs-api.test-support';

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DocumentationTab /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const toastText = async () => (await screen.findByTestId('toast')).textContent;

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

describe('Documentation tab: source', () => {
  it('shows the working tree, the last commit and the model, and edits them with chat models only', async () => {
    const api = stubDocsApi();
    api.failures['PUT /api/admin/docs/maintenance/settings'] = {
      status: 400,
      body: { code: 'validation_error', message: 'Not a git working tree: /nowhere' },
    };
    renderTab();
    expect(await screen.findByText('/srv/hearth')).toBeTruthy();
    expect(screen.getByText('aaaaaaa')).toBeTruthy();
    expect(screen.getByText('llama3:latest')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentation source' });
    await within(dialog).findByRole('option', { name: 'llama3:latest · Ollama' });
    expect(within(dialog).queryByRole('option', { name: /nomic-embed/ })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Repository path'), { target: { value: ' /nowhere ' } });
    fireEvent.change(within(dialog).getByLabelText('Model'), { target: { value: 'llama3:latest' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not a git working tree: /nowhere');
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      repoPath: '/nowhere',
      model: 'llama3:latest',
    });
  });
});

describe('Documentation tab: changes', () => {
  it('detects changes and lists them with type, impact, affected pages and state', async () => {
    const api = stubDocsApi({
      detectable: [
        change('c1', { impact: 'critical', fileType: 'config', filePath: 'docker-compose.yml' }),
        change('c2', {
          changeType: 'renamed',
          previousPath: 'apps/web/src/old.tsx',
          filePath: 'apps/web/src/new.tsx',
          fileType: 'component',
          impact: 'medium',
          affectedDocs: ['/docs/chat', '/docs/workspace'],
        }),
      ],
    });
    renderTab();
    expect(await screen.findByText('No changes detected yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Detect changes' }));
    expect(await screen.findByText('Detected: 2 changes, 2 ignored, aaaaaaa..ccccccc')).toBeTruthy();
    expect(api.calls).toContainEqual({ method: 'POST', url: '/api/admin/docs/changes/detect', body: {} });
    const compose = await screen.findByRole('row', { name: /docker-compose\.yml/ });
    expect(within(compose).getByText('Critical').className).toContain('bg-red-600');
    expect(within(compose).getByText('Config')).toBeTruthy();
    expect(within(compose).getByText('Unprocessed')).toBeTruthy();
    const renamed = screen.getByRole('row', { name: /new\.tsx/ });
    expect(within(renamed).getByRole('rowheader').textContent).toBe('apps/web/src/old.tsx → apps/web/src/new.tsx');
    expect(within(renamed).getByText('Medium').className).toContain('bg-yellow');
    expect(within(renamed).getByRole('link', { name: '/docs/workspace' }).getAttribute('href')).toBe('/docs/workspace');
  });

  it('checks the since commit before asking, and toasts the server message when detection fails', async () => {
    const api = stubDocsApi();
    api.failures['POST /api/admin/docs/changes/detect'] = {
      status: 400,
      body: { code: 'not_a_repository', message: 'The configured path is not a git working tree' },
    };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Advanced' }));
    fireEvent.change(screen.getByLabelText('Since commit'), { target: { value: 'main~1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Detect changes' }));
    expect(screen.getByRole('alert').textContent).toBe('Use a commit hash');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Since commit'), { target: { value: 'abc1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Detect changes' }));
    expect(await toastText()).toBe('Failed to detect changesThe configured path is not a git working tree');
    expect(api.calls).toContainEqual({
      method: 'POST',
      url: '/api/admin/docs/changes/detect',
      body: { since: 'abc1234' },
    });
  });

  it('drafts all unprocessed changes one by one with progress, and Cancel stops after the current one', async () => {
    const api = stubDocsApi({
      changes: [change('c1'), change('c2'), change('c3'), change('c4', { processed: true })],
    });
    api.draftUpdates = (item) => [
      update(`u-${item.id}`, { changeId: item.id, updateType: item.id === 'c1' ? 'automatic' : 'review_required' }),
    ];
    api.holdDrafts = true;
    renderTab();
    await screen.findByRole('row', { name: /c4\.ts/ });
    fireEvent.click(screen.getByRole('button', { name: 'Draft all unprocessed' }));
    expect(await screen.findByText('apps/server/src/c1.ts', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/Drafting 1 of 3/)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    act(() => api.release());
    expect(await screen.findByText(/Drafting 2 of 3/)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33.33333333333333');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('(stopping after this one)', { exact: false })).toBeTruthy();
    act(() => api.release());
    const report = 'Drafted 2 updates for 2 changes (cancelled after 2 of 3); 1 automatic update applied.';
    // In the card's status line and in the toast.
    expect(await screen.findAllByText(report)).toHaveLength(2);
    const drafts = api.calls.filter((call) => call.url.endsWith('/draft')).map((call) => call.url);
    expect(drafts).toEqual(['/api/admin/docs/changes/c1/draft', '/api/admin/docs/changes/c2/draft']);
    expect(api.calls.filter((call) => call.url.endsWith('/process-automatic'))).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(await toastText()).toBe(`Updates drafted${report}`);
  });

  it('toasts when processing the automatic updates fails after drafting, and on the separate button', async () => {
    const api = stubDocsApi({ changes: [change('c1')] });
    api.failures['POST /api/admin/docs/updates/process-automatic'] = {
      status: 500,
      body: { code: 'internal_error', message: 'Database is locked' },
    };
    renderTab();
    const row = await screen.findByRole('row', { name: /c1\.ts/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Draft updates' }));
    expect(await toastText()).toBe('Failed to process automatic updatesDatabase is locked');
    expect(await screen.findByText(/automatic updates were not processed/)).toBeTruthy();
    act(() => dismissToast());
    fireEvent.click(screen.getByRole('button', { name: 'Process automatic updates' }));
    expect(await toastText()).toBe('Failed to process automatic updatesDatabase is locked');
  });

  it('shows an error with Retry when the changes cannot be loaded', async () => {
    const api = stubDocsApi();
    api.failures['GET /api/admin/docs/changes'] = { status: 500, body: { code: 'internal_error', message: 'Boom' } };
    renderTab();
    expect((await screen.findByText('Could not load changes: Boom')).closest('[role="alert"]')).toBeTruthy();
    delete api.failures['GET /api/admin/docs/changes'];
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No changes detected yet')).toBeTruthy();
  });
});

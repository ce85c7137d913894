import type { Group } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VisibilityControl } from './visibility-control';

const group = (id: string, name: string): Group => ({
  id,
  organization_id: 'org',
  name,
  member_count: 1,
  created_at: '2026-11-27T00:00:00.000Z',
});
const groups = [group('g1', 'Research'), group('g2', 'Support')];

describe('Visibility control', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (_input, init) => new Response(String(init?.body ?? '{}'), { status: 200 }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const renderControl = (groupIds: string[], canEdit: boolean) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <VisibilityControl
          kind="model"
          subject="llama3:latest"
          label="llama3:latest"
          groupIds={groupIds}
          groups={groups}
          canEdit={canEdit}
        />
      </QueryClientProvider>,
    );

  it('restricts a model to a group, and back to everyone', async () => {
    renderControl(['g1'], true);
    expect(screen.getByText('Visibility: Research')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Support'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toContain('/api/models/grants');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'model',
      subject: 'llama3:latest',
      group_ids: ['g1', 'g2'],
    });
    fireEvent.click(screen.getByLabelText('Everyone'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({ group_ids: [] });
  });

  it('only shows the visibility to admins who may not change it', () => {
    renderControl([], false);
    expect(screen.getByTestId('visibility-summary').textContent).toContain('Everyone');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

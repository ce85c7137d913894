import type { ToolCallRecord } from '@hearth/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolCalls } from './tool-calls';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const call = (patch: Partial<ToolCallRecord> = {}): ToolCallRecord => ({
  id: 'call-1',
  name: 'fetch_url',
  source: 'Built-in',
  arguments: '{"url":"https://example.org/"}',
  status: 'awaiting_approval',
  result: null,
  duration_ms: null,
  ...patch,
});

describe('tool calls in an answer', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(json(200, { decided: true }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks before a waiting call runs, and sends the decision for that call only', async () => {
    render(<ToolCalls calls={[call()]} conversationId="conv-1" />);
    expect(screen.getByText('Waiting for your approval')).toBeTruthy();
    expect(screen.getByText(/"url": "https:\/\/example.org\/"/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/conversations/conv-1/tool-calls/call-1/decision');
    expect(JSON.parse(String(init?.body))).toEqual({ approve: false });
  });

  it('says when the call is no longer waiting', async () => {
    fetchMock.mockResolvedValue(json(200, { decided: false }));
    render(<ToolCalls calls={[call()]} conversationId="conv-1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Run it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('no longer waiting');
  });

  it('shows a finished call with its result and time, and no decision buttons', () => {
    render(<ToolCalls calls={[call({ status: 'done', result: 'Example Domain', duration_ms: 120 })]} />);
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('Example Domain')).toBeTruthy();
    expect(screen.getByText('· 120 ms')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run it' })).toBeNull();
  });
});

import type { AdminImportResult } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { CsvImportForm } from './csv-import-form';

function renderForm(role: 'admin' | 'super_admin' = 'admin') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <CsvImportForm actor={{ role }} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CSV Import', () => {
  it('names the roles the server lets this admin give: admin only for super admins', () => {
    renderForm('admin');
    expect(screen.getByText(/are optional/).textContent).toContain(
      'role (user or moderator; only super admins can import admins)',
    );
    cleanup();
    renderForm('super_admin');
    expect(screen.getByText(/are optional/).textContent).toContain('role (user, moderator or admin)');
  });

  it('keeps Import disabled while the text is empty or blank', () => {
    renderForm();
    const button = screen.getByRole('button', { name: 'Import' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('CSV data'), { target: { value: '   \n ' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('CSV data'), { target: { value: 'email,password' } });
    expect(button).toHaveProperty('disabled', false);
  });

  it('sends the text and lists every row with its outcome', async () => {
    const result: AdminImportResult = {
      created: 1,
      results: [
        { row: 2, email: 'ada@example.com', status: 'created', reason: null },
        { row: 3, email: null, status: 'skipped', reason: 'Email and password are required.' },
      ],
    };
    const fetchMock = vi.fn(async () => jsonResponse(200, result));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    const csv = 'email,password\nada@example.com,Str0ng-pass\n,';
    fireEvent.change(screen.getByLabelText('CSV data'), { target: { value: csv } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 created, 1 not created')).toBeTruthy();
    expect(screen.getByText('— Email and password are required.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/users/import');
    expect(JSON.parse(String(init.body))).toEqual({ csv });
  });

  it("shows the spec's failure toast when the import is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { code: 'validation_error', message: 'The CSV text is empty.' })),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('CSV data'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/Failed to import users from CSV\./)).toBeTruthy();
  });
});

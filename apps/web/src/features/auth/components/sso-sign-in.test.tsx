import type { SsoProviders } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SsoSignIn } from './sso-sign-in';

function renderAt(url: string, providers: SsoProviders) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(providers), { headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <SsoSignIn />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('single sign-on on the sign-in page', () => {
  it('offers the configured provider as a link to the server and the LDAP form', async () => {
    renderAt('/auth', { oidc: { display_name: 'Corp ID' }, ldap: true });
    const link = await screen.findByRole('link', { name: 'Sign in with Corp ID' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
    expect(screen.getByRole('form', { name: 'Sign in with LDAP' })).toBeTruthy();
  });

  it('says in words why a single sign-on was refused, and ignores unknown codes', async () => {
    renderAt('/auth?sso_error=sso_email_unverified', { oidc: null, ldap: false });
    expect((await screen.findByRole('alert')).textContent).toContain('has not verified your e-mail address');
    cleanup();
    renderAt('/auth?sso_error=<b>made-up</b>', { oidc: null, ldap: false });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

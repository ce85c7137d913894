import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './accounts';

type SignupMode = 'open' | 'approval' | 'invite_only' | 'closed';

/** A bearer token of the super admin (ADMIN), without touching the caller's cookies. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  // A context that already holds a session must send its CSRF token, or the server refuses the sign-in.
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'hearth_csrf')?.value;
  const response = await request.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: csrf ? { 'x-csrf-token': csrf } : {},
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Sets the instance's sign-up mode through the admin API. A fresh instance asks for approval after its first
 * account; the suite's specs sign up freely, so global.setup opens sign-up and specs that change it restore it.
 */
export async function setSignupMode(request: APIRequestContext, mode: SignupMode): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const current = await request.get('/api/admin/settings/security', { headers });
  expect(current.status()).toBe(200);
  const settings = (await current.json()) as Record<string, unknown>;
  const saved = await request.put('/api/admin/settings/security', {
    headers,
    data: { ...settings, signup_mode: mode },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

import { expect, test as setup } from '@playwright/test';
import { ADMIN } from './support/accounts';
import { setSignupMode } from './support/signup-mode';

setup('the first account on a fresh instance becomes super_admin', async ({ request }) => {
  const response = await request.post('/api/auth/signup', {
    // playwright.config.ts starts the server with this code instead of a random one printed in its log.
    data: {
      email: ADMIN.email,
      password: ADMIN.password,
      full_name: ADMIN.fullName,
      setup_code: process.env.HEARTH_SETUP_CODE,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { user: { role: string } };
  expect(body.user.role).toBe('super_admin');
  // From here a fresh instance asks for approval; the specs sign up freely (signup-policy.spec.ts tests approval).
  await setSignupMode(request, 'open');
});

import { expect, test as setup } from '@playwright/test';
import { ADMIN } from './support/accounts';

setup('the first account on a fresh instance becomes super_admin', async ({ request }) => {
  const response = await request.post('/api/auth/signup', {
    data: { email: ADMIN.email, password: ADMIN.password, full_name: ADMIN.fullName },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { user: { role: string } };
  expect(body.user.role).toBe('super_admin');
});

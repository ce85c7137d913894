import type { App } from '../../apps/server/src/app';
import { STRONG_PASSWORD_FOR_BENCH } from './ir-metrics';

/** Signs a bench account up through the API (as any user would) and returns its id. */
export async function signUpBenchUser(app: App, email: string): Promise<string> {
  const signup = await app.server.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: STRONG_PASSWORD_FOR_BENCH },
  });
  if (signup.statusCode !== 201) throw new Error(`bench signup failed: ${signup.statusCode} ${signup.body}`);
  return (JSON.parse(signup.body) as { user: { id: string } }).user.id;
}

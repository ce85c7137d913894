import type { MfaChallenge, MfaEnrolment, SessionList } from '@hearth/contract';
import { type HttpClient, login, STRONG_PASSWORD } from './test-server';
import { totpCodeAt } from './totp-code';

export { totpCodeAt };

/** Starts enrolment for the session `token`; answers the secret (as the settings page shows it). */
export async function startTotp(server: HttpClient, token: string): Promise<string> {
  const started = await server.request<MfaEnrolment>('/api/auth/mfa/enrol', { method: 'POST', token });
  if (started.status !== 200) throw new Error(`setup: enrolment failed (${started.status})`);
  return started.body.secret;
}

/** Turns TOTP on for the session `token`'s account (its first code is the previous time step's). */
export async function enableTotp(server: HttpClient, token: string): Promise<string> {
  const secret = await startTotp(server, token);
  const confirmed = await server.request('/api/auth/mfa/confirm', {
    token,
    body: { code: await totpCodeAt(secret, -1) },
  });
  if (confirmed.status !== 200) throw new Error(`setup: confirming 2FA failed (${confirmed.status})`);
  return secret;
}

/** An account with TOTP on, signed in up to the code step: its challenge and a code that finishes it. */
export async function mfaChallengeFor(server: HttpClient, email: string) {
  const secret = await enableTotp(server, (await login(server, email)).token);
  const started = await server.request<MfaChallenge>('/api/auth/login', {
    body: { email, password: STRONG_PASSWORD },
  });
  if (!started.body.challenge) throw new Error(`setup: no 2FA challenge (${started.status})`);
  return { challenge: started.body.challenge, code: await totpCodeAt(secret, 0) };
}

/** A new session of the account (signed in again); its id. */
export async function newSessionId(server: HttpClient, email: string): Promise<string> {
  const { token } = await login(server, email);
  const listed = await server.request<SessionList>('/api/auth/sessions', { token });
  const id = listed.body.sessions.find((row) => row.current)?.id;
  if (!id) throw new Error(`setup: no current session listed (${listed.status})`);
  return id;
}

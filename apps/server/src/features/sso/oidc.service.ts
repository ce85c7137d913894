import type { SsoTestResult } from '@hearth/contract';
import * as client from 'openid-client';
import { guardedFetch } from '../../http/guarded-fetch';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import type { ClientInfo } from '../accounts';
import { OIDC_FLOW_TTL_SECONDS, type OidcFlow } from './oidc-flow-cookie';
import { ssoRefusal, type ExternalProfile, type SsoAccountService } from './sso-account.service';
import type { OidcConfig, SsoSettingsService } from './sso-settings.service';
import { mapGroups } from './group-mapping';

export interface OidcOptions {
  /** The guard policy for the issuer (public addresses plus the intranet hosts the admin allowed). */
  policy: () => Promise<SsrfPolicy>;
  timeoutSeconds: number;
}

export type OidcOutcome =
  | { kind: 'session'; session: Awaited<ReturnType<SsoAccountService['signIn']>> }
  | { kind: 'test'; result: SsoTestResult };

/**
 * OpenID Connect sign-in with openid-client: authorization code flow with PKCE, state and nonce. Every call to
 * the issuer goes through the outbound guard (the issuer is admin-configured, so loopback and private networks
 * are reachable only where the admin's network settings allow them).
 */
export class OidcService {
  constructor(
    private readonly settings: SsoSettingsService,
    private readonly accounts: SsoAccountService,
    private readonly options: OidcOptions,
  ) {}

  /** Whether real sign-ins are on (test sign-ins only need the issuer and client). */
  async enabled(): Promise<boolean> {
    return (await this.settings.providers()).oidc !== null;
  }

  private async configuration(oidc: OidcConfig): Promise<client.Configuration> {
    const policy = await this.options.policy();
    const customFetch: client.CustomFetch = async (url, init) => {
      const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
      const { response } = await guardedFetch(
        url,
        {
          method: init.method,
          headers: init.headers,
          body: typeof body === 'string' ? body : undefined,
          signal: init.signal,
        },
        { policy, maxRedirects: 0 },
      );
      // undici's Response is the one Node's global fetch returns; only the type names differ.
      return response as unknown as Response;
    };
    const issuer = new URL(oidc.issuer_url);
    return client.discovery(issuer, oidc.client_id, oidc.client_secret ?? undefined, undefined, {
      [client.customFetch]: customFetch,
      timeout: this.options.timeoutSeconds,
      // http:// issuers are the admin's explicit choice (an intranet provider, a test provider on loopback).
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
    });
  }

  /** The provider's sign-in URL and the flow to keep in the browser's cookie. */
  async begin(redirectUri: string, testBy: string | null): Promise<{ url: string; flow: OidcFlow }> {
    const oidc = await this.settings.oidc();
    const config = await this.configuration(oidc);
    const flow: OidcFlow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      testBy,
      expiresAt: Date.now() + OIDC_FLOW_TTL_SECONDS * 1000,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: oidc.scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      ...(testBy ? { prompt: 'login' } : {}),
    });
    return { url: url.href, flow };
  }

  /** The provider sent the browser back: check state, nonce and PKCE, read the claims, sign in (or report). */
  async finish(callbackUrl: URL, flow: OidcFlow | null, clientInfo: ClientInfo): Promise<OidcOutcome> {
    if (!flow || callbackUrl.searchParams.get('state') !== flow.state) throw ssoRefusal('sso_state_mismatch', 400);
    const oidc = await this.settings.oidc();
    let claims: Record<string, unknown>;
    try {
      const config = await this.configuration(oidc);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims: Record<string, unknown> = { ...tokens.claims() };
      const subject = String(idClaims.sub);
      // Groups and e-mail often come from userinfo only (the ID token carries the minimum).
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, subject);
      claims = { ...idClaims, ...userInfo };
    } catch (error) {
      if (flow.testBy) return { kind: 'test', result: testResult({}, null, providerError(error)) };
      throw ssoRefusal('sso_provider_error', 502);
    }
    const profile = profileOf(claims, oidc.groups_claim);
    if (flow.testBy) return { kind: 'test', result: testResult(claims, profile, null, oidc) };
    return { kind: 'session', session: await this.accounts.signIn(profile, oidc, clientInfo) };
  }
}

function profileOf(claims: Record<string, unknown>, groupsClaim: string): ExternalProfile {
  const raw = claims[groupsClaim];
  const groups = Array.isArray(raw)
    ? raw.map(String)
    : typeof raw === 'string'
      ? raw.split(/[\s,]+/).filter(Boolean)
      : [];
  const name = typeof claims.name === 'string' ? claims.name : null;
  return {
    provider: 'oidc',
    subject: String(claims.sub),
    email: typeof claims.email === 'string' ? claims.email : null,
    // Only a literal true counts: some providers send "true" as a string, most send nothing for unverified.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name,
    groups,
  };
}

function testResult(
  claims: Record<string, unknown>,
  profile: ExternalProfile | null,
  error: string | null,
  oidc?: OidcConfig,
): SsoTestResult {
  return {
    provider: 'oidc',
    error,
    claims,
    email: profile?.email ?? null,
    email_verified: profile?.emailVerified ?? false,
    groups: profile?.groups ?? [],
    mapping: profile && oidc ? publicMapping(mapGroups(oidc, profile.groups, profile.email)) : null,
  };
}

export const publicMapping = ({ refusal: _code, ...mapping }: ReturnType<typeof mapGroups>) => mapping;

const providerError = (error: unknown) =>
  `The provider did not complete the sign-in: ${error instanceof Error ? error.message : String(error)}`;

import type { LdapLoginBody, SsoTestResult } from '@hearth/contract';
import { Client, type Entry, InvalidCredentialsError } from 'ldapts';
import { AppError } from '../../http/errors';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../accounts';
import { mapGroups } from './group-mapping';
import { publicMapping } from './oidc.service';
import type { ExternalProfile, SsoAccountService } from './sso-account.service';
import type { LdapConfig, SsoSettingsService } from './sso-settings.service';

/** RFC 4515: the characters that would change a filter's meaning, written as \hex escapes. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const invalid = () => new AppError('invalid_credentials', 401, 'Invalid user name or password');

/** Why the directory could not be used, in words for the admin's test sign-in. */
class DirectoryError extends Error {}

/**
 * LDAP / Active Directory sign-in with ldapts: the service account finds the user's entry with the admin's filter
 * (the typed name escaped, so "*" or ")(uid=*" cannot widen it), then the user's own password is checked with a
 * bind as that entry. Groups come from an attribute (memberOf) or a group search.
 */
export class LdapService {
  constructor(
    private readonly settings: SsoSettingsService,
    private readonly accounts: SsoAccountService,
    private readonly limiter: RateLimiter,
    private readonly rateLimit: RateLimitRule & { ipMax: number },
    private readonly timeoutMs: number,
  ) {}

  async enabled(): Promise<boolean> {
    return (await this.settings.providers()).ldap;
  }

  async login(body: LdapLoginBody, client: ClientInfo) {
    const { windowMs, ipMax, max } = this.rateLimit;
    await this.limiter.consume(`login:ip:${client.ip ?? 'unknown'}`, { max: ipMax, windowMs });
    const accountKey = `ldap:account:${body.username.toLowerCase()}`;
    await this.limiter.consume(accountKey, { max, windowMs });
    const ldap = await this.settings.ldap();
    let profile: ExternalProfile | null;
    try {
      profile = await this.authenticate(ldap, body);
    } catch (error) {
      if (error instanceof DirectoryError) {
        throw new AppError('service_unavailable', 503, 'The directory server could not be reached. Try again later.');
      }
      throw error;
    }
    if (!profile) throw invalid();
    await this.limiter.reset(accountKey);
    return this.accounts.signInFirstFactor(profile, ldap, client);
  }

  /** The admin's test: the entry, its groups and what the mapping makes of them; nobody is signed in. */
  async test(body: LdapLoginBody): Promise<SsoTestResult> {
    const ldap = await this.settings.ldap();
    const empty = {
      provider: 'ldap' as const,
      claims: {},
      email: null,
      email_verified: false,
      groups: [],
      mapping: null,
    };
    try {
      const profile = await this.authenticate(ldap, body);
      if (!profile) return { ...empty, error: 'No entry matched the user filter, or the password was wrong.' };
      return {
        provider: 'ldap',
        error: null,
        claims: { dn: profile.subject, email: profile.email, name: profile.name },
        email: profile.email,
        email_verified: true,
        groups: profile.groups,
        mapping: publicMapping(mapGroups(ldap, profile.groups, profile.email)),
      };
    } catch (error) {
      return { ...empty, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The user's profile when the name and password are right; null when they are not. */
  private async authenticate(ldap: LdapConfig, body: LdapLoginBody): Promise<ExternalProfile | null> {
    if (!ldap.url) throw new DirectoryError('LDAP is not configured (no server URL).');
    // An empty password would be an "unauthenticated bind", which many servers accept as success.
    if (!body.password) return null;
    const connection = new Client({ url: ldap.url, timeout: this.timeoutMs, connectTimeout: this.timeoutMs });
    try {
      if (ldap.start_tls) await connection.startTLS({ servername: new URL(ldap.url).hostname });
      await this.bindService(connection, ldap);
      const entry = await this.findUser(connection, ldap, body.username);
      if (!entry) return null;
      try {
        await connection.bind(entry.dn, body.password);
      } catch (error) {
        if (error instanceof InvalidCredentialsError) return null;
        throw error;
      }
      const groups = ldap.group_search_base
        ? await this.searchGroups(connection, ldap, entry.dn)
        : values(entry, ldap.group_attribute);
      return {
        provider: 'ldap',
        subject: entry.dn,
        email: values(entry, ldap.email_attribute)[0] ?? null,
        emailVerified: true,
        name: values(entry, ldap.name_attribute)[0] ?? null,
        groups,
      };
    } catch (error) {
      if (error instanceof DirectoryError) throw error;
      throw new DirectoryError(`The directory refused or failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      await connection.unbind().catch(() => undefined);
    }
  }

  private async bindService(connection: Client, ldap: LdapConfig): Promise<void> {
    if (!ldap.bind_dn) return;
    try {
      await connection.bind(ldap.bind_dn, ldap.bind_password ?? '');
    } catch (error) {
      throw new DirectoryError(`The service account could not bind: ${error instanceof Error ? error.message : error}`);
    }
  }

  private async findUser(connection: Client, ldap: LdapConfig, username: string): Promise<Entry | null> {
    const filter = ldap.user_filter.replaceAll('{{username}}', escapeFilterValue(username));
    const attributes = [ldap.email_attribute, ldap.name_attribute, ldap.group_attribute].filter(Boolean);
    const { searchEntries } = await connection.search(ldap.search_base, {
      scope: 'sub',
      filter,
      attributes,
      sizeLimit: 2,
    });
    // Two entries for one name is a directory problem; refusing beats guessing which person this is.
    return searchEntries.length === 1 ? (searchEntries[0] ?? null) : null;
  }

  private async searchGroups(connection: Client, ldap: LdapConfig, dn: string): Promise<string[]> {
    // Group searches run as the service account: the user may not be allowed to read groups.
    await this.bindService(connection, ldap);
    const filter = ldap.group_filter.replaceAll('{{dn}}', escapeFilterValue(dn));
    const { searchEntries } = await connection.search(ldap.group_search_base, {
      scope: 'sub',
      filter,
      attributes: ['dn'],
    });
    // DNs, as memberOf gives them: a rule naming the full DN or just the group's name (its cn) matches.
    return searchEntries.map((group) => group.dn);
  }
}

function values(entry: Entry, attribute: string): string[] {
  if (!attribute) return [];
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : item));
}

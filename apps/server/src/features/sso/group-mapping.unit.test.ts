import { describe, expect, it } from 'vitest';
import { groupMatches, mapGroups, type MappingSettings } from './group-mapping';
import { openFlow, sealFlow } from './oidc-flow-cookie';

const settings: MappingSettings = {
  require_group: true,
  allowed_domains: ['corp.test'],
  rules: [
    { group: 'staff', role: 'user', organization_id: 'org-a' },
    { group: 'admins', role: 'admin', organization_id: 'org-b' },
    { group: 'mods', role: 'moderator', organization_id: null },
  ],
};

describe('SSO group mapping', () => {
  it('gives the highest role of every matching rule, whatever the order', () => {
    expect(mapGroups(settings, ['mods', 'admins', 'staff'], 'a@corp.test')).toMatchObject({
      allowed: true,
      role: 'admin',
      organization_id: 'org-a',
      matched_groups: ['staff', 'admins', 'mods'],
    });
    expect(mapGroups(settings, ['mods'], 'a@corp.test')).toMatchObject({ role: 'moderator', organization_id: null });
  });

  it('refuses users in no mapped group when a group is required, and other domains', () => {
    expect(mapGroups(settings, ['sales'], 'a@corp.test')).toMatchObject({
      allowed: false,
      refusal: 'sso_group_required',
    });
    expect(mapGroups(settings, ['admins'], 'a@evil.test')).toMatchObject({
      allowed: false,
      refusal: 'sso_domain_not_allowed',
    });
    expect(mapGroups({ ...settings, require_group: false }, ['sales'], 'a@corp.test')).toMatchObject({
      allowed: true,
      role: 'user',
    });
    expect(mapGroups({ ...settings, rules: [], require_group: false }, [], 'a@corp.test').role).toBeNull();
  });

  it('matches LDAP distinguished names by their first component, case-insensitively', () => {
    expect(groupMatches('Admins', 'cn=admins,ou=groups,dc=corp,dc=test')).toBe(true);
    expect(groupMatches('cn=admins,ou=groups,dc=corp,dc=test', 'CN=Admins,OU=Groups,DC=corp,DC=test')).toBe(true);
    expect(groupMatches('admins', 'cn=admins-old,ou=groups')).toBe(false);
    expect(groupMatches('groups', 'cn=admins,ou=groups')).toBe(false);
  });
});

describe('OIDC flow cookie', () => {
  const flow = { state: 's', nonce: 'n', verifier: 'v', testBy: null, expiresAt: Date.now() + 60_000 };
  it('opens only what it sealed, and only until it expires', () => {
    const sealed = sealFlow('secret-one', flow);
    expect(openFlow('secret-one', sealed)).toEqual(flow);
    expect(openFlow('secret-two', sealed)).toBeNull();
    const [payload, signature] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...flow, testBy: 'someone' })).toString('base64url');
    expect(openFlow('secret-one', `${forged}.${signature}`)).toBeNull();
    expect(openFlow('secret-one', `${payload}.${signature}`, flow.expiresAt + 1)).toBeNull();
  });
});

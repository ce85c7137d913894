import type { AssignableRole, SsoErrorCode, SsoGroupRule, SsoMappingResult } from '@hearth/contract';

/** What the mapping needs from either provider's settings. */
export interface MappingSettings {
  require_group: boolean;
  rules: readonly SsoGroupRule[];
  allowed_domains: readonly string[];
}

const RANK: Record<AssignableRole, number> = { user: 0, moderator: 1, admin: 2 };

/**
 * A group named by a rule matches the provider's value case-insensitively, either whole or, for LDAP
 * distinguished names (cn=admins,ou=groups,dc=example,dc=org), by its first component's value ("admins"), so
 * admins can write the short name for Active Directory's memberOf values as well as for OIDC group claims.
 */
export function groupMatches(ruleGroup: string, value: string): boolean {
  const wanted = ruleGroup.trim().toLowerCase();
  const actual = value.trim().toLowerCase();
  if (wanted === actual) return true;
  const first = /^[a-z0-9-]+=((?:\\.|[^,\\])*)/i.exec(actual)?.[1];
  return first !== undefined && first.replace(/\\(.)/g, '$1').trim() === wanted;
}

/**
 * Applies the ordered rules to a user's groups and e-mail. Every matching rule counts: the highest role wins
 * (so a user in both "staff" and "hearth-admins" is an admin whatever the order), and the first matching rule
 * that names an organisation decides the organisation. With no rules configured the mapping decides nothing
 * (role null: accounts keep what an admin gave them).
 */
export type Mapping = SsoMappingResult & {
  refusal: Extract<SsoErrorCode, 'sso_domain_not_allowed' | 'sso_group_required'> | null;
};

export function mapGroups(settings: MappingSettings, groups: readonly string[], email: string | null): Mapping {
  const domain = email?.split('@')[1]?.toLowerCase() ?? '';
  if (settings.allowed_domains.length > 0 && !settings.allowed_domains.includes(domain)) {
    return refused('sso_domain_not_allowed', `The e-mail domain "${domain}" is not in the allowed domains.`);
  }
  const matching = settings.rules.filter((rule) => groups.some((group) => groupMatches(rule.group, group)));
  if (matching.length === 0) {
    if (settings.require_group)
      return refused('sso_group_required', "None of the user's groups matches a rule, and a group is required.");
    return {
      allowed: true,
      reason: null,
      refusal: null,
      role: settings.rules.length > 0 ? 'user' : null,
      organization_id: null,
      matched_groups: [],
    };
  }
  const role = matching.reduce<AssignableRole>(
    (best, rule) => (RANK[rule.role] > RANK[best] ? rule.role : best),
    'user',
  );
  return {
    allowed: true,
    reason: null,
    refusal: null,
    role,
    organization_id: matching.find((rule) => rule.organization_id)?.organization_id ?? null,
    matched_groups: [...new Set(matching.map((rule) => rule.group))],
  };
}

const refused = (refusal: NonNullable<Mapping['refusal']>, reason: string): Mapping => ({
  allowed: false,
  reason,
  refusal,
  role: null,
  organization_id: null,
  matched_groups: [],
});

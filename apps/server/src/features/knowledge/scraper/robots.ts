/**
 * robots.txt as RFC 9309 reads it: the group for our product token ("Hearth") if there is one, else the "*"
 * group; the longest matching Allow/Disallow rule wins, Allow on a tie; "*" and a trailing "$" in paths.
 */
export const ROBOTS_AGENT = 'hearth';

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

export interface RobotsRules {
  isAllowed(pathAndQuery: string): boolean;
  /** Sitemap: lines (absolute URLs as written). */
  sitemaps: string[];
  /** Why a page is refused: the rules, or robots.txt could not be read. */
  refusal: string;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map(escape).join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Percent-encoding is compared in one form: encode what is not already encoded, upper-case the hex. */
function normalizePath(path: string): string {
  return path
    .replace(/%[0-9a-f]{2}/gi, (escaped) => escaped.toUpperCase())
    .replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
}

export function parseRobots(text: string): RobotsRules {
  const groups = new Map<string, Rule[]>();
  const sitemaps: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const rawLine of text.slice(0, 500_000).split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (field === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      const agent = value.toLowerCase().split('/')[0]?.trim() ?? '';
      agents.push(agent);
      if (!groups.has(agent)) groups.set(agent, []);
    } else if ((field === 'allow' || field === 'disallow') && agents.length > 0) {
      inRules = true;
      if (!value) continue; // "Disallow:" with nothing allows everything
      const pattern = normalizePath(value);
      const rule = { allow: field === 'allow', pattern, regex: compile(pattern) };
      for (const agent of agents) groups.get(agent)?.push(rule);
    }
  }
  const rules = groups.get(ROBOTS_AGENT) ?? groups.get('*') ?? [];
  return {
    sitemaps,
    refusal: 'Disallowed by robots.txt',
    isAllowed(pathAndQuery) {
      const path = normalizePath(pathAndQuery || '/');
      if (path === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.regex.test(path)) continue;
        const longer = !best || rule.pattern.length > best.pattern.length;
        const tieAllow = best && rule.pattern.length === best.pattern.length && rule.allow;
        if (longer || tieAllow) best = rule;
      }
      return best?.allow ?? true;
    },
  };
}

/** Robots for a site whose robots.txt could not be read for a server error: nothing may be fetched. */
export const UNREADABLE_ROBOTS: RobotsRules = {
  sitemaps: [],
  refusal: 'robots.txt could not be read (server error or no answer), so no page may be fetched',
  isAllowed: () => false,
};
export const ALLOW_ALL: RobotsRules = { sitemaps: [], refusal: '', isAllowed: () => true };

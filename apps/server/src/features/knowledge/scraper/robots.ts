/**
 * robots.txt as RFC 9309 reads it: the group for our product token ("Hearth") if there is one, else the "*"
 * group; the longest matching Allow/Disallow rule wins, Allow on a tie; "*" and a trailing "$" in paths.
 */
export const ROBOTS_AGENT = 'hearth';

interface Rule {
  allow: boolean;
  pattern: string;
  /** The pattern split at its '*'s (the trailing '$' removed). */
  pieces: string[];
  anchored: boolean;
}

export interface RobotsRules {
  isAllowed(pathAndQuery: string): boolean;
  /** Sitemap: lines (absolute URLs as written). */
  sitemaps: string[];
  /** Why a page is refused: the rules, or robots.txt could not be read. */
  refusal: string;
}

function compile(allow: boolean, pattern: string): Rule {
  const anchored = pattern.endsWith('$');
  return { allow, pattern, pieces: (anchored ? pattern.slice(0, -1) : pattern).split('*'), anchored };
}

/**
 * Whether the path matches the rule, without a regex: "a*b*c" compiled to /^a.*b.*c/ backtracks in time
 * (path length) to the power of the number of '*'s on a path that almost matches, and the site writes both.
 * Each piece is placed at its leftmost possible position, which finds a match whenever there is one.
 */
function matches(rule: Rule, path: string): boolean {
  const { pieces, anchored } = rule;
  const first = pieces[0] ?? '';
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let position = first.length;
  const middle = anchored ? pieces.length - 1 : pieces.length;
  for (let index = 1; index < middle; index += 1) {
    const piece = pieces[index] ?? '';
    const found = path.indexOf(piece, position);
    if (found < 0) return false;
    position = found + piece.length;
  }
  if (!anchored) return true;
  const last = pieces.at(-1) ?? '';
  return path.length - last.length >= position && path.endsWith(last);
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
      const rule = compile(field === 'allow', pattern);
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
        if (!matches(rule, path)) continue;
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

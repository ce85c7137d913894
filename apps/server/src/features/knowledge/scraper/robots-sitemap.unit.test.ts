import { describe, expect, it } from 'vitest';
import { pageTitle, scrapedFileName } from './page-document';
import { parseRobots } from './robots';
import { parseSitemap } from './sitemap';

describe('robots.txt', () => {
  const robots = parseRobots(`
# comment
User-agent: *
Disallow: /private/
Allow: /private/open
Disallow: /*.pdf$

User-agent: OtherBot
Disallow: /

Sitemap: https://example.org/sitemap-a.xml
`);

  it('applies the * group: longest match wins, Allow on a tie, * and $ patterns', () => {
    expect(robots.isAllowed('/')).toBe(true);
    expect(robots.isAllowed('/private/secret')).toBe(false);
    expect(robots.isAllowed('/private/open/page')).toBe(true);
    expect(robots.isAllowed('/files/report.pdf')).toBe(false);
    expect(robots.isAllowed('/files/report.pdf?x=1')).toBe(true);
    expect(robots.sitemaps).toEqual(['https://example.org/sitemap-a.xml']);
  });

  it('prefers a group naming Hearth over *', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: Hearth\nDisallow: /admin\n');
    expect(rules.isAllowed('/docs')).toBe(true);
    expect(rules.isAllowed('/admin/x')).toBe(false);
  });

  it('treats an empty Disallow as allow-all and groups several user-agents', () => {
    expect(parseRobots('User-agent: *\nDisallow:\n').isAllowed('/x')).toBe(true);
    const shared = parseRobots('User-agent: a\nUser-agent: hearth\nDisallow: /x\n');
    expect(shared.isAllowed('/x/y')).toBe(false);
  });
});

describe('sitemaps', () => {
  it('reads <loc> entries with entities, and tells an index from a urlset', () => {
    const urlset = parseSitemap(
      '<urlset><url><loc> https://e.org/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[https://e.org/b]]></loc></url></urlset>',
      10,
    );
    expect(urlset).toEqual({ kind: 'urlset', locations: ['https://e.org/a?x=1&y=2', 'https://e.org/b'] });
    const index = parseSitemap('<sitemapindex><sitemap><loc>https://e.org/s1.xml</loc></sitemap></sitemapindex>', 10);
    expect(index).toEqual({ kind: 'index', locations: ['https://e.org/s1.xml'] });
    expect(parseSitemap('<urlset><url><loc>a</loc></url><url><loc>b</loc></url></urlset>', 1).locations).toEqual(['a']);
  });

  it('reads prefixed names and never expands DOCTYPE entities (an unknown reference reads as nothing)', () => {
    const laughs = `<!DOCTYPE s [<!ENTITY a "x">${Array.from({ length: 9 }, (_, n) => `<!ENTITY a${n + 1} "${`&a${n || ''};`.repeat(10)}">`).join('')}]>`;
    const xml = `${laughs}<s:urlset xmlns:s="urn:s"><s:url><s:loc>https://e.org/&a9;</s:loc></s:url><s:url><s:loc>https://e.org/&#x41;</s:loc></s:url></s:urlset>`;
    expect(parseSitemap(xml, 10)).toEqual({ kind: 'urlset', locations: ['https://e.org/', 'https://e.org/A'] });
    expect(
      parseSitemap('<x:sitemapindex xmlns:x="urn:x"><x:sitemap><x:loc>s.xml</x:loc></x:sitemap></x:sitemapindex>', 5)
        .kind,
    ).toBe('index');
  });

  it('ends hostile sitemaps in milliseconds: unclosed <loc> runs, "<!--" runs, endless addresses', () => {
    const hostile = [
      '<loc>'.repeat(140_000),
      `<urlset>${'<url><loc>'.repeat(70_000)}`,
      `<urlset>${'<!--'.repeat(175_000)}`,
      `<urlset><url><loc>${'a'.repeat(5_000_000)}</loc></url><url><loc>b</loc></url></urlset>`,
      `<urlset>${'<'.repeat(1_000_000)}`,
    ];
    for (const xml of hostile) {
      const started = performance.now();
      const parsed = parseSitemap(xml, 300);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(parsed.locations.every((location) => location.length <= 4_096)).toBe(true);
    }
    expect(parseSitemap(hostile[3] ?? '', 300).locations).toEqual(['b']);
  });

  it('stops after the page limit', () => {
    const xml = `<urlset>${'<url><loc>https://e.org/p</loc></url>'.repeat(200_000)}</urlset>`;
    const started = performance.now();
    expect(parseSitemap(xml, 50).locations).toHaveLength(50);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('hostile robots.txt and pages', () => {
  it('matches many-wildcard rules against long paths without backtracking', () => {
    const rules = parseRobots(`User-agent: *\nDisallow: /${'*a'.repeat(20)}*b\nDisallow: /x*y$\n`);
    const started = performance.now();
    expect(rules.isAllowed(`/${'a'.repeat(100_000)}`)).toBe(true);
    expect(rules.isAllowed(`/${'a'.repeat(100_000)}b`)).toBe(false);
    expect(rules.isAllowed(`/x${'y'.repeat(100_000)}z`)).toBe(true);
    expect(rules.isAllowed(`/x${'z'.repeat(100_000)}y`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('matches "*" and "$" as the regex form did', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /a*b*c$\nDisallow: /*.php\nAllow: /$\n');
    expect(rules.isAllowed('/abc')).toBe(false);
    expect(rules.isAllowed('/a-b-c')).toBe(false);
    expect(rules.isAllowed('/a-b-c-')).toBe(true);
    expect(rules.isAllowed('/acb')).toBe(true);
    expect(rules.isAllowed('/x/index.php?q=1')).toBe(false);
    expect(rules.isAllowed('/')).toBe(true);
  });

  it('finds a page title in linear time on a page of repeated "<title"', () => {
    const started = performance.now();
    expect(pageTitle('<title'.repeat(40_000))).toBeNull();
    expect(pageTitle(`<title>${'</title'.repeat(30_000)}`)).toBeNull();
    expect(pageTitle(`<title>${'a'.repeat(3_000)}</title><title>Second</title>`)).toBe('Second');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('scraped page names', () => {
  it('takes the decoded <title>, else host and path', () => {
    expect(pageTitle('<html><head><title>Tom &amp; Jerry\n  Show</title></head></html>')).toBe('Tom & Jerry Show');
    expect(pageTitle('<p>no title</p>')).toBeNull();
    expect(scrapedFileName(new URL('https://e.org/a/b'), 'Q3: Plans / Goals', 'text/html')).toBe(
      'Q3 - Plans - Goals.html',
    );
    expect(scrapedFileName(new URL('https://e.org/docs/intro/'), null, 'text/html')).toBe('e.org - docs - intro.html');
    expect(scrapedFileName(new URL('https://e.org/'), null, 'text/plain')).toBe('e.org.txt');
  });
});

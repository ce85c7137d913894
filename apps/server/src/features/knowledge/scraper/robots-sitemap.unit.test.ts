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

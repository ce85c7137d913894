import { describe, expect, it } from 'vitest';
import { parseResults, plainText, providerError, searchRequest } from './search-providers';
import { scorePassages } from './web-pages';

describe('web search providers: requests and answers on the wire', () => {
  it('asks each provider at its documented endpoint, with its key where it expects it', () => {
    const searxng = searchRequest({ kind: 'searxng', baseUrl: 'http://searx.lan:8080/', apiKey: null }, 'a b&c', 5);
    expect(searxng).toEqual({
      url: 'http://searx.lan:8080/search?q=a+b%26c&format=json',
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const brave = searchRequest({ kind: 'brave', baseUrl: 'https://api.search.brave.com', apiKey: 'k1' }, 'rust', 3);
    expect(brave.url).toBe('https://api.search.brave.com/res/v1/web/search?q=rust&count=3');
    expect(brave.headers['x-subscription-token']).toBe('k1');
    const tavily = searchRequest({ kind: 'tavily', baseUrl: 'https://api.tavily.com', apiKey: 'tvly-1' }, 'q', 7);
    expect(tavily).toMatchObject({ url: 'https://api.tavily.com/search', method: 'POST' });
    expect(tavily.body).toMatchObject({ api_key: 'tvly-1', query: 'q', max_results: 7 });
  });

  it('reads SearXNG results (title, url, content)', () => {
    const body = {
      query: 'x',
      results: [
        { title: 'One', url: 'https://one.example/a', content: 'First &amp; best', engine: 'duckduckgo' },
        { title: 'Dup', url: 'https://one.example/a', content: 'again' },
        { title: 'Script', url: 'javascript:alert(1)', content: 'no' },
        { title: '', url: 'http://two.example/', content: 42 },
      ],
    };
    expect(parseResults('searxng', body)).toEqual([
      { title: 'One', url: 'https://one.example/a', snippet: 'First & best' },
      { title: 'two.example', url: 'http://two.example/', snippet: '' },
    ]);
  });

  it('reads Brave results (web.results: title, url, description with <strong> marks)', () => {
    const body = {
      type: 'search',
      web: {
        type: 'search',
        results: [
          {
            title: 'The <strong>Rust</strong> Book',
            url: 'https://doc.rust-lang.org/book/',
            description: 'Learn <strong>Rust</strong>',
          },
          { title: 'FTP', url: 'ftp://files.example/', description: 'not the web' },
        ],
      },
    };
    expect(parseResults('brave', body)).toEqual([
      { title: 'The Rust Book', url: 'https://doc.rust-lang.org/book/', snippet: 'Learn Rust' },
    ]);
    expect(parseResults('brave', { results: [{ title: 'x', url: 'https://x.example/' }] })).toEqual([]);
  });

  it('reads Tavily results (results: title, url, content, score)', () => {
    const body = {
      query: 'q',
      results: [{ title: 'T', url: 'https://t.example/p?x=1', content: 'Tavily text', score: 0.9 }],
      response_time: 1.2,
    };
    expect(parseResults('tavily', body)).toEqual([
      { title: 'T', url: 'https://t.example/p?x=1', snippet: 'Tavily text' },
    ]);
  });

  it('survives answers of the wrong shape, and finds the provider’s own error words', () => {
    for (const body of [null, 'text', [], { results: 'no' }, { web: null }]) {
      expect(parseResults('searxng', body)).toEqual([]);
      expect(parseResults('brave', body)).toEqual([]);
    }
    expect(providerError({ detail: { error: 'Unauthorized: missing or invalid API key.' } })).toBe(
      'Unauthorized: missing or invalid API key.',
    );
    expect(providerError({ error: { code: 'SUBSCRIPTION_TOKEN_INVALID', detail: 'The token is invalid.' } })).toBe(
      'The token is invalid.',
    );
    expect(providerError('<h1>429</h1>')).toBeNull();
    expect(plainText('  a <b>b</b>\n c &lt;d&gt; ')).toBe('a b c <d>');
  });

  it('scores the passage that answers the question above boilerplate', () => {
    const scores = scorePassages('How tall is the lighthouse?', [
      'Home · About · Contact',
      'The lighthouse stands 42 metres tall on the cliffs.',
      'Tickets for the museum are sold at the door.',
    ]);
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[1]).toBeGreaterThan(scores[0] ?? 0);
    expect(scores[1]).toBeGreaterThan(scores[2] ?? 0);
  });
});

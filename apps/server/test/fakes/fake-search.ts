import { type FakeServer, startFakeServer } from './fake-http';

/** One result as SearXNG lists it. */
export interface FakeSearchResult {
  title: string;
  url: string;
  content: string;
}

export interface FakeSearch extends FakeServer {
  /** The results every search answers with; editable between requests. */
  results: FakeSearchResult[];
  /** The `q` of each search received, in order. */
  queries(): string[];
  /** Answer with this HTTP status (and a SearXNG-like error page) instead of results; null: answer normally. */
  failWith: number | null;
}

/** A loopback SearXNG instance: GET /search?q=...&format=json answers `{ query, results: [...] }`. */
export async function startFakeSearch(results: FakeSearchResult[] = []): Promise<FakeSearch> {
  // The handler reads the knobs from the returned object, so tests change them by assignment.
  let fake: FakeSearch | null = null;
  const server = await startFakeServer((request, response) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method !== 'GET' || url.pathname !== '/search') {
      return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    if (url.searchParams.get('format') !== 'json') {
      return response.writeHead(403, { 'content-type': 'text/html' }).end('<h1>403 Forbidden</h1>');
    }
    if (fake?.failWith) {
      return response.writeHead(fake.failWith, { 'content-type': 'text/html' }).end('<h1>Too many requests</h1>');
    }
    const query = url.searchParams.get('q') ?? '';
    const listed = fake?.results ?? [];
    const body = { query, number_of_results: listed.length, results: listed, answers: [] };
    return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const queries = () =>
    server.requests
      .map((request) => new URL(request.path, 'http://fake'))
      .filter((url) => url.pathname === '/search')
      .map((url) => url.searchParams.get('q') ?? '');
  fake = Object.assign(server, { results, queries, failWith: null });
  return fake;
}

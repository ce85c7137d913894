import type { ServerResponse } from 'node:http';
import { type FakeServer, type RecordedRequest, startFakeServer } from './fake-http';

/** The endpoints releases use, named for failure knobs. */
export type GithubEndpoint =
  | 'getRepo'
  | 'createRelease'
  | 'updateRelease'
  | 'deleteRelease'
  | 'createDeployment'
  | 'createDeploymentStatus'
  | 'getCommit'
  | 'dispatchWorkflow'
  | 'webhook';

/** A failure to answer with: a status and JSON body, or 'hang' (never answer: the client's timeout fires). */
export type GithubFailure = { status: number; body: unknown } | 'hang';

export interface FakeRelease {
  id: number;
  tag_name: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  generate_release_notes: boolean;
}

export interface FakeGithub extends FakeServer {
  /** The API base URL to configure (as for GitHub Enterprise: {url}/api/v3). */
  apiBaseUrl: string;
  webhookUrl: string;
  token: string;
  owner: string;
  repo: string;
  releases: Map<number, FakeRelease>;
  deployments: { id: number; ref: string; environment: string; statuses: string[] }[];
  failures: Map<GithubEndpoint, GithubFailure>;
  /** The requests received, by endpoint, in order. */
  calls(): GithubEndpoint[];
}

const ROUTES: [GithubEndpoint, string, RegExp][] = [
  ['getRepo', 'GET', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)$/],
  ['createRelease', 'POST', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/releases$/],
  ['updateRelease', 'PATCH', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/releases\/(\d+)$/],
  ['deleteRelease', 'DELETE', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/releases\/(\d+)$/],
  ['createDeployment', 'POST', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/deployments$/],
  ['createDeploymentStatus', 'POST', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/],
  ['getCommit', 'GET', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)$/],
  ['dispatchWorkflow', 'POST', /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/actions\/workflows\/([^/]+)\/dispatches$/],
  ['webhook', 'POST', /^\/hooks\/deploy$/],
];

export const FAKE_COMMIT_SHA = '3f786850e387550fdab836ed7e6dc881de23001b';

const send = (response: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) return response.writeHead(status).end();
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const endpointOf = (request: RecordedRequest) =>
  ROUTES.find(([, method, pattern]) => method === request.method && pattern.test(request.path.split('?')[0] ?? ''));

/**
 * A loopback stand-in for GitHub's REST API (releases, deployments, commits, workflow dispatch) speaking its
 * documented wire format, with a token check, GitHub's 422 for a second release of one tag, and failure knobs.
 */
export async function startFakeGithub(options: { owner?: string; repo?: string; token?: string } = {}) {
  const owner = options.owner ?? 'hearth-org';
  const repo = options.repo ?? 'hearth';
  const token = options.token ?? `ghp_fake${Math.random().toString(36).slice(2)}SECRET`;
  const releases = new Map<number, FakeRelease>();
  const deployments: FakeGithub['deployments'] = [];
  const failures = new Map<GithubEndpoint, GithubFailure>();
  let nextId = 1000;

  const server = await startFakeServer((request, response) => {
    const match = endpointOf(request);
    if (!match) return send(response, 404, { message: 'Not Found' });
    const [endpoint, , pattern] = match;
    const failure = failures.get(endpoint);
    if (failure === 'hang') return new Promise<void>((resolve) => response.on('close', resolve));
    if (failure) return send(response, failure.status, failure.body);
    if (endpoint === 'webhook') return send(response, 200, { received: true });
    if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, { message: 'Bad credentials' });
    const [, pathOwner, pathRepo, id] = pattern.exec(request.path.split('?')[0] ?? '') ?? [];
    if (pathOwner !== owner || pathRepo !== repo) return send(response, 404, { message: 'Not Found' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    switch (endpoint) {
      case 'getRepo':
        return send(response, 200, { full_name: `${owner}/${repo}`, default_branch: 'main', private: true });
      case 'createRelease': {
        const tag = String(body.tag_name ?? '');
        if ([...releases.values()].some((release) => release.tag_name === tag)) {
          return send(response, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Release', code: 'already_exists', field: 'tag_name' }],
          });
        }
        nextId += 1;
        const release: FakeRelease = {
          id: nextId,
          tag_name: tag,
          name: String(body.name ?? ''),
          body: String(body.body ?? ''),
          draft: body.draft === true,
          prerelease: body.prerelease === true,
          generate_release_notes: body.generate_release_notes === true,
        };
        releases.set(release.id, release);
        const htmlUrl = `https://github.example/${owner}/${repo}/releases/tag/${tag}`;
        return send(response, 201, { ...release, html_url: htmlUrl });
      }
      case 'updateRelease': {
        const release = releases.get(Number(id));
        if (!release) return send(response, 404, { message: 'Not Found' });
        if (typeof body.draft === 'boolean') release.draft = body.draft;
        if (typeof body.prerelease === 'boolean') release.prerelease = body.prerelease;
        return send(response, 200, release);
      }
      case 'deleteRelease':
        return releases.delete(Number(id)) ? send(response, 204) : send(response, 404, { message: 'Not Found' });
      case 'createDeployment': {
        nextId += 1;
        deployments.push({
          id: nextId,
          ref: String(body.ref),
          environment: String(body.environment),
          statuses: [],
        });
        return send(response, 201, { id: nextId, ref: body.ref, environment: body.environment });
      }
      case 'createDeploymentStatus': {
        const deployment = deployments.find((entry) => entry.id === Number(id));
        if (!deployment) return send(response, 404, { message: 'Not Found' });
        deployment.statuses.push(String(body.state));
        return send(response, 201, { state: body.state });
      }
      case 'getCommit':
        return send(response, 200, { sha: FAKE_COMMIT_SHA, commit: { message: 'Release build\n\nDetails' } });
      case 'dispatchWorkflow':
        return send(response, 204);
    }
  });
  const fake: FakeGithub = Object.assign(server, {
    apiBaseUrl: `${server.url}/api/v3`,
    webhookUrl: `${server.url}/hooks/deploy`,
    token,
    owner,
    repo,
    releases,
    deployments,
    failures,
    calls: () => server.requests.map((request) => endpointOf(request)?.[0]).filter((name) => name !== undefined),
  });
  return fake;
}

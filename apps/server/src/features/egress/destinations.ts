import type { Config } from '../../config';
import type { ConfiguredDestination, DestinationSource } from './egress.service';

/** The destinations the environment names: the database server, the mail relay, traces, the object store. */
function configDestinations(config: Config): DestinationSource {
  const destinations: ConfiguredDestination[] = [];
  if (config.database.dialect === 'postgres') {
    destinations.push({ kind: 'database', label: 'PostgreSQL (DATABASE_URL)', url: config.database.url });
  }
  if (config.SMTP_URL) destinations.push({ kind: 'mail', label: 'Mail relay (SMTP_URL)', url: config.SMTP_URL });
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    destinations.push({
      kind: 'telemetry',
      label: 'OpenTelemetry collector (OTEL_EXPORTER_OTLP_ENDPOINT)',
      url: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    });
  }
  if (config.STORAGE === 's3') {
    destinations.push({
      kind: 'storage',
      label: 'Object storage (S3)',
      url: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
    });
  }
  return () => Promise.resolve(destinations);
}

interface RuntimeEntries {
  entries(): Promise<{ provider: { name: string }; baseUrl: string | null }[]>;
}
interface SsoSettingsSource {
  get(): Promise<{ oidc: { enabled: boolean; issuer_url: string }; ldap: { enabled: boolean; url: string } }>;
}
interface UpdateSettingsSource {
  get(): Promise<{ feed_source: string; feed_url: string | null; deploy_webhook_url: string | null }>;
}
interface SpeechSource {
  get(): Promise<{ transcription_url: string | null; speech_url: string | null }>;
}
interface McpSource {
  list(): Promise<{ servers: { name: string; url: string | null; enabled: boolean }[] }>;
}
interface WebSearchSource {
  active(): Promise<{ provider: { kind: string; baseUrl: string } } | null>;
}
interface GithubSource {
  get(): Promise<{ configured: boolean; api_base_url: string; deployment_webhook_url: string | null }>;
}

/** Every configured destination: the environment's, the model runtimes', single sign-on's, GitHub's, updates'. */
export function allDestinations(
  config: Config,
  deps: {
    runtimes: RuntimeEntries;
    sso: SsoSettingsSource;
    github: GithubSource;
    updates: UpdateSettingsSource;
    /** Voice (issue 20): the speech runtime, when configured. */
    speech?: SpeechSource;
    /** Tools (issue 20): MCP servers reached over HTTP, and the web search provider when it is on. */
    mcp?: McpSource;
    webSearch?: WebSearchSource;
  },
): DestinationSource[] {
  return [
    configDestinations(config),
    async () =>
      (await deps.runtimes.entries()).flatMap((entry) =>
        entry.baseUrl ? [{ kind: 'runtime' as const, label: entry.provider.name, url: entry.baseUrl }] : [],
      ),
    async () => {
      const { oidc, ldap } = await deps.sso.get();
      const out: ConfiguredDestination[] = [];
      if (oidc.enabled && oidc.issuer_url) out.push({ kind: 'sso', label: 'OIDC issuer', url: oidc.issuer_url });
      if (ldap.enabled && ldap.url) out.push({ kind: 'sso', label: 'LDAP directory', url: ldap.url });
      return out;
    },
    async () => {
      const github = await deps.github.get();
      if (!github.configured) return [];
      const out: ConfiguredDestination[] = [{ kind: 'releases', label: 'GitHub API', url: github.api_base_url }];
      if (github.deployment_webhook_url) {
        out.push({ kind: 'releases', label: 'Deployment webhook', url: github.deployment_webhook_url });
      }
      return out;
    },
    async () => {
      const updates = await deps.updates.get();
      const out: ConfiguredDestination[] = [];
      if (updates.feed_source === 'url' && updates.feed_url) {
        out.push({ kind: 'releases', label: 'Release feed', url: updates.feed_url });
      }
      if (updates.deploy_webhook_url) {
        out.push({ kind: 'releases', label: 'Upgrade webhook', url: updates.deploy_webhook_url });
      }
      return out;
    },
    async () => {
      const speech = await deps.speech?.get();
      const out: ConfiguredDestination[] = [];
      if (speech?.transcription_url) {
        out.push({ kind: 'runtime', label: 'Speech runtime (transcription)', url: speech.transcription_url });
      }
      if (speech?.speech_url) out.push({ kind: 'runtime', label: 'Speech runtime (speech)', url: speech.speech_url });
      return out;
    },
    async () =>
      ((await deps.mcp?.list())?.servers ?? []).flatMap((server) =>
        server.enabled && server.url ? [{ kind: 'tools' as const, label: `MCP: ${server.name}`, url: server.url }] : [],
      ),
    async () => {
      const active = await deps.webSearch?.active();
      return active
        ? [{ kind: 'search' as const, label: `Web search (${active.provider.kind})`, url: active.provider.baseUrl }]
        : [];
    },
  ];
}

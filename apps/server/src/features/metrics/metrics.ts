import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One type's waiting and running jobs, read from the jobs table at scrape time. */
export interface JobBacklog {
  type: string;
  status: 'queued' | 'running';
  count: number;
  /** Seconds since the oldest of them was enqueued. */
  oldestAgeSeconds: number;
}

/** What is read at scrape time rather than counted as it happens. */
export interface MetricSources {
  /** Answers being generated on this replica (live answers). */
  activeStreams(): number;
  jobBacklog(): Promise<JobBacklog[]>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Every Prometheus metric of one app instance, in a registry of its own (tests build several apps in one process,
 * so nothing goes to prom-client's global registry). Built once in wiring/services.ts and handed to the one place
 * each thing happens: the HTTP hook, the model registry, the ingestion job, the search service, the event bus.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];
  private sources: MetricSources | null = null;
  private backlog: Promise<JobBacklog[]> | null = null;

  readonly httpRequests = new Counter({
    name: 'hearth_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: this.registers,
  });

  readonly httpDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the end of the reply), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });

  readonly tokensGenerated = new Counter({
    name: 'hearth_model_tokens_generated_total',
    help: 'Completion tokens the model runtimes reported, by runtime kind.',
    labelNames: ['runtime'] as const,
    registers: this.registers,
  });

  readonly modelCalls = new Counter({
    name: 'hearth_model_calls_total',
    help: 'Chat calls to model runtimes that finished, by runtime kind.',
    labelNames: ['runtime'] as const,
    registers: this.registers,
  });

  readonly documentsIndexed = new Counter({
    name: 'hearth_ingestion_documents_total',
    help: 'Documents indexed (made searchable) by the ingestion job.',
    registers: this.registers,
  });

  readonly chunksIndexed = new Counter({
    name: 'hearth_ingestion_chunks_total',
    help: 'Chunks written to the search index by the ingestion job.',
    registers: this.registers,
  });

  readonly searchDuration = new Histogram({
    name: 'hearth_search_duration_seconds',
    help: 'Knowledge search latency (lexical and semantic together).',
    buckets: SECONDS,
    registers: this.registers,
  });

  readonly lexicalCacheLists = new Counter({
    name: 'hearth_lexical_cache_lists_total',
    help: 'Posting lists searches needed, by where they came from: kept in memory (hit) or read from the database (read).',
    labelNames: ['result'] as const,
    registers: this.registers,
  });

  readonly lexicalCacheBytes = new Gauge({
    name: 'hearth_lexical_cache_bytes',
    help: 'Memory held by posting lists, document frequencies and chunks kept between searches (LEXICAL_CACHE_MB is the most it may hold).',
    registers: this.registers,
  });

  readonly eventBusLag = new Histogram({
    name: 'hearth_event_bus_lag_seconds',
    help: 'Time from publishing a realtime event to its arrival through PostgreSQL LISTEN/NOTIFY.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: this.registers,
  });

  constructor() {
    // prom-client calls collect() with the gauge as `this`: the readings are reached through these closures.
    const streams = () => this.sources?.activeStreams() ?? 0;
    const backlog = () => this.jobBacklog();
    new Gauge({
      name: 'hearth_active_streams',
      help: 'Answers being generated on this replica right now.',
      registers: this.registers,
      collect() {
        this.set(streams());
      },
    });
    new Gauge({
      name: 'hearth_job_queue_depth',
      help: 'Jobs waiting (queued) or running, by job type.',
      labelNames: ['type', 'status'] as const,
      registers: this.registers,
      async collect() {
        this.reset();
        for (const row of await backlog()) this.set({ type: row.type, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'hearth_job_queue_oldest_age_seconds',
      help: 'Age of the oldest queued or running job, by job type.',
      labelNames: ['type', 'status'] as const,
      registers: this.registers,
      async collect() {
        this.reset();
        for (const row of await backlog()) {
          this.set({ type: row.type, status: row.status }, row.oldestAgeSeconds);
        }
      },
    });
  }

  /** The scrape-time readings; given once the services they come from exist. */
  watch(sources: MetricSources): void {
    this.sources = sources;
  }

  /**
   * Process metrics (memory, CPU, event-loop delay, GC) are collected only where /metrics is served: each
   * collection holds observers of its own, which the apps tests build by the dozen should not pile up.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Both job gauges share one query per scrape: prom-client collects every metric at once. */
  private jobBacklog(): Promise<JobBacklog[]> {
    if (!this.sources) return Promise.resolve([]);
    this.backlog ??= this.sources.jobBacklog().finally(() => {
      this.backlog = null;
    });
    return this.backlog;
  }
}

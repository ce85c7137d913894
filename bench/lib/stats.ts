import { percentile } from './ir-metrics';

const at = (values: number[], p: number) => Math.round(percentile(values, p) * 100) / 100;

/** Latency figures per kind of request, for the benchmarks' tables. */
export class LatencyBook {
  private readonly samples = new Map<string, number[]>();
  private readonly errors = new Map<string, number>();
  private readonly firstError = new Map<string, string>();

  record(kind: string, ms: number): void {
    const list = this.samples.get(kind);
    if (list) list.push(ms);
    else this.samples.set(kind, [ms]);
  }

  fail(kind: string, reason: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (!this.firstError.has(kind)) this.firstError.set(kind, reason);
  }

  get totalRequests(): number {
    let total = 0;
    for (const list of this.samples.values()) total += list.length;
    for (const count of this.errors.values()) total += count;
    return total;
  }

  get totalErrors(): number {
    let total = 0;
    for (const count of this.errors.values()) total += count;
    return total;
  }

  summary(): Record<string, { count: number; errors: number; p50_ms: number; p95_ms: number; p99_ms: number }> {
    const kinds = new Set([...this.samples.keys(), ...this.errors.keys()]);
    return Object.fromEntries(
      [...kinds].sort().map((kind) => {
        const values = this.samples.get(kind) ?? [];
        return [
          kind,
          {
            count: values.length,
            errors: this.errors.get(kind) ?? 0,
            p50_ms: at(values, 50),
            p95_ms: at(values, 95),
            p99_ms: at(values, 99),
          },
        ];
      }),
    );
  }

  errorExamples(): Record<string, string> {
    return Object.fromEntries(this.firstError);
  }
}

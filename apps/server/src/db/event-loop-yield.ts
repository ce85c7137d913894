import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** How long queries may run back to back before the event loop gets a turn. */
const TURN_MS = 20;

/**
 * better-sqlite3 runs a query synchronously and Kysely hands back an already settled promise, so a loop of
 * queries (a transaction writing a large document's postings, thousands of statements) runs as one chain of
 * microtasks and the event loop, every other request and timer included, waits for the whole of it (2.5 s
 * measured for a 1,000,000-row CSV). After a query that ends more than TURN_MS after the last turn, the caller
 * continues on the next turn instead. PostgreSQL's queries are real I/O: nothing to do there.
 */
export class EventLoopYield implements KyselyPlugin {
  private lastTurn = performance.now();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const now = performance.now();
    if (now - this.lastTurn > TURN_MS) {
      await nextTurn();
      this.lastTurn = performance.now();
    }
    return args.result;
  }
}

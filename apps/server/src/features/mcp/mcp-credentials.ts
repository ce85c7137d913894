import { nowIso } from '../../lib/crypto';
import type { Tx, UnitOfWork } from '../../lib/unit-of-work';
import type { McpBoxes } from './mcp-admin.service';
import type { McpTarget } from './mcp-connector';
import type { McpCredentialRepository } from './mcp-credential.repository';
import { McpOAuthProvider, type StoredOAuth } from './mcp-oauth';
import { openOAuthClient, targetFor, userAuth } from './mcp-records';
import type { McpServerRecord } from './mcp-server.repository';

export interface Reach {
  target: McpTarget;
  /** Stores what the SDK changed during the use (a refreshed token; a sign-in the server no longer accepts). */
  settle(): Promise<void>;
}

/**
 * How to reach a server as one user: with their own key or their own OAuth sign-in, read by (user, server) at
 * the moment of use and put into that one target only; never anyone else's.
 */
export class McpCredentialResolver {
  constructor(
    private readonly credentials: McpCredentialRepository,
    private readonly boxes: McpBoxes,
    private readonly uow: UnitOfWork,
  ) {}

  async reach(userId: string, record: McpServerRecord, missing: (kind: 'key' | 'oauth') => Error): Promise<Reach> {
    const kind = userAuth(record);
    if (kind === 'none') return { target: targetFor(record, this.boxes.env, null), settle: async () => undefined };
    const sealed = await this.credentials.sealedFor(userId, record.row.id);
    if (!sealed) throw missing(kind);
    if (kind === 'key') {
      const key = this.boxes.credentials.open(sealed);
      return { target: targetFor(record, this.boxes.env, key), settle: async () => undefined };
    }
    const stored = JSON.parse(this.boxes.credentials.open(sealed)) as StoredOAuth;
    const preRegistered = openOAuthClient(record.row.oauth_client_encrypted, this.boxes.env);
    const provider = new McpOAuthProvider(
      { ...stored, client: preRegistered ?? stored.client },
      { serverName: record.row.name, interactive: false },
    );
    const target = targetFor(record, this.boxes.env, null);
    return {
      target: target.transport === 'http' ? { ...target, auth: provider } : target,
      settle: async () => {
        if (!provider.changed) return;
        const changed = { ...provider.stored(), ...(preRegistered && { client: undefined }) };
        await this.uow.run(async (tx) => {
          if (changed.tokens) await this.saveOAuth(tx, userId, record.row.id, changed);
          else await this.credentials.delete(tx, userId, record.row.id);
        });
      },
    };
  }

  async saveOAuth(tx: Tx, userId: string, serverId: string, stored: StoredOAuth): Promise<void> {
    await this.credentials.set(tx, userId, serverId, this.boxes.credentials.seal(JSON.stringify(stored)), nowIso());
  }
}

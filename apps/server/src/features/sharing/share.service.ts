import type { ChatShare, SharedConversation } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { nowIso, randomToken, sha256 } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ConversationReadRepository } from './conversation-read.repository';
import type { ShareRepository, ShareRow } from './share.repository';

/** Who opens a link: a signed-in member of the instance, or nobody (no session). */
export type Viewer = { id: string } | null;

export interface ShareSettings {
  /** The admin setting: whether links may be public at all (read on each use, so a change applies at once). */
  publicAllowed(): Promise<boolean>;
}

const shareNotFound = () => AppError.notFound('Shared conversation');

/**
 * Share links (issue 17): a read-only snapshot of an own conversation. Signed-in members see it by default;
 * a public link (no sign-in) needs the admin's permission when made and when opened. Revoking deletes it.
 */
export class ShareService {
  constructor(
    private readonly shares: ShareRepository,
    private readonly conversations: ConversationReadRepository,
    private readonly tokens: SecretBox,
    private readonly settings: ShareSettings,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async create(userId: string, input: { conversation_id: string; public: boolean }, context: AuditContext) {
    if (input.public && !(await this.settings.publicAllowed())) {
      throw AppError.forbidden('Public links are turned off on this instance. Ask an administrator.');
    }
    const token = randomToken();
    const id = await this.uow.run(async (tx) => {
      const conversation = await this.conversations.findOwned(userId, input.conversation_id, tx);
      if (!conversation) throw AppError.notFound('Conversation');
      const messages = await this.conversations.messages(userId, conversation.id, tx);
      if (messages.length === 0) throw AppError.badRequest('There is nothing to share in this conversation yet');
      const shareId = await this.shares.create(
        tx,
        {
          userId,
          conversationId: conversation.id,
          tokenHash: sha256(token),
          tokenSealed: this.tokens.seal(token),
          title: conversation.title,
          isPublic: input.public,
          createdAt: nowIso(),
        },
        messages,
      );
      await this.audit.record(
        tx,
        {
          userId,
          action: 'CREATE',
          resourceType: 'chat_share',
          resourceId: shareId,
          details: { conversation_id: conversation.id, public: input.public, messages: messages.length },
        },
        context,
      );
      return shareId;
    });
    const row = await this.shares.findOwned(userId, id);
    if (!row) throw shareNotFound();
    return this.toShare(row);
  }

  async list(userId: string): Promise<ChatShare[]> {
    return (await this.shares.list(userId)).flatMap((row) => {
      try {
        return [this.toShare(row)];
      } catch {
        // A link sealed under another SECRET cannot be copied again; it still works until revoked elsewhere.
        return [];
      }
    });
  }

  async revoke(userId: string, id: string, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.shares.delete(tx, userId, id))) throw shareNotFound();
      await this.audit.record(tx, { userId, action: 'DELETE', resourceType: 'chat_share', resourceId: id }, context);
    });
  }

  /** The snapshot behind a token. Unknown, revoked, or public-only-when-allowed links are all the same 404. */
  async open(token: string, viewer: Viewer): Promise<SharedConversation> {
    const share = await this.shares.findByTokenHash(sha256(token));
    if (!share) throw shareNotFound();
    const isPublic = share.is_public === 1 && (await this.settings.publicAllowed());
    if (!viewer && !isPublic) {
      throw AppError.unauthorized('Sign in to open this shared conversation');
    }
    return {
      title: share.title,
      shared_at: share.created_at,
      public: isPublic,
      messages: await this.shares.snapshot(share.id),
    };
  }

  private toShare(row: ShareRow): ChatShare {
    return {
      id: row.id,
      conversation_id: row.conversation_id,
      title: row.title,
      public: row.is_public === 1,
      token: this.tokens.open(row.token_sealed),
      message_count: row.message_count,
      created_at: row.created_at,
    };
  }
}

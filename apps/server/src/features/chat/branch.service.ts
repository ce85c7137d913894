import { AppError } from '../../http/errors';
import type { ConversationRepository } from './conversation.repository';
import type { MessageRepository } from './message.repository';

/**
 * Which branch of a conversation's message tree is shown (issue 17): edits and regenerations keep every
 * version; "‹ 2/3 ›" and a search result on another branch switch to it. Only the shown path is answered from.
 */
export class BranchService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
  ) {}

  /**
   * Shows the branch through `messageId`: the path now ends at its newest descendant (where that branch was
   * left). Not audited: like scrolling, it changes what is shown, not what was said.
   */
  async switchTo(userId: string, conversationId: string, messageId: string): Promise<{ active_leaf_id: string }> {
    if (!(await this.conversations.findOwned(userId, conversationId))) throw AppError.notFound('Conversation');
    const leaf = await this.messages.newestDescendant(userId, conversationId, messageId);
    if (!leaf) throw AppError.notFound('Message');
    await this.messages.setActiveLeaf(userId, conversationId, leaf);
    return { active_leaf_id: leaf };
  }
}

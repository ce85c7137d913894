interface Running {
  userId: string;
  controllers: Set<AbortController>;
}

/**
 * Generations in progress, by conversation, so Stop works from any tab. In-process: with several replicas
 * a Stop reaches only the replica it lands on (the streaming tab's own disconnect always works).
 */
export class ActiveGenerations {
  private readonly byConversation = new Map<string, Running>();

  add(userId: string, conversationId: string, controller: AbortController): () => void {
    const running = this.byConversation.get(conversationId) ?? { userId, controllers: new Set() };
    running.controllers.add(controller);
    this.byConversation.set(conversationId, running);
    return () => {
      running.controllers.delete(controller);
      if (running.controllers.size === 0) this.byConversation.delete(conversationId);
    };
  }

  /** Stops every generation of the conversation; false when none was running. */
  stop(conversationId: string): boolean {
    const running = this.byConversation.get(conversationId);
    if (!running || running.controllers.size === 0) return false;
    for (const controller of running.controllers) controller.abort();
    return true;
  }

  /** Stops every generation of the user's conversations (Clear History). */
  stopAllOf(userId: string): void {
    for (const [conversationId, running] of this.byConversation) {
      if (running.userId === userId) this.stop(conversationId);
    }
  }
}

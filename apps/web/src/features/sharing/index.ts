/** The sharing feature's public surface: share/export controls, the shared page, and the Settings cards. */
export { ConversationActions } from './components/conversation-actions';
export { ImportCard } from './components/import-card';
export { useShareMenu } from './components/share-menu';
export { SharedLinksCard } from './components/shared-links-card';

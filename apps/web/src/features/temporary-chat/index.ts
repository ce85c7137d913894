/** The temporary chat feature's public surface: its screen and the new chat's toggle. */
export { TemporaryChatScreen } from './components/temporary-chat-screen';
export { TemporaryChatSwitch } from './components/temporary-chat-switch';

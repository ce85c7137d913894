/** The search feature's public surface: the app-wide shortcuts and their dialogs (the /search page is lazy). */
export { KeyboardShortcuts } from './components/keyboard-shortcuts';
export { setShortcutDialog } from './lib/dialogs';

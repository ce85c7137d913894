/** The voice feature's public surface (issue 20): dictation in the composer, read-aloud, the admin tab. */
export { DictationButton } from './components/dictation-button';
export { ReadAloudButton } from './components/read-aloud-button';
export { VoiceAdminTab, VoiceTabLabel } from './components/voice-admin-tab';
export { useDictationInput } from './hooks/use-dictation-input';

/** The presets feature's public surface: the Workspace tab, the model picker's section, and chat settings. */
export { useChatSettings } from './api/chat-settings';
export { usePresets } from './api/presets';
export { ChatSettingsDialog } from './components/chat-settings-dialog';
export { PresetLibrary } from './components/preset-library';
export { PresetPickerSection } from './components/preset-picker-section';

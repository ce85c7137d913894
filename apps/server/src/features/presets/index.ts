export type { PresetService } from './preset.service';
export { readSettings, writeSettings } from './preset-settings';

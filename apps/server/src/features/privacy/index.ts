/** The privacy feature's public surface: what other features may use (ARCHITECTURE.md). */
export { PreferencesRepository } from './preferences.repository';

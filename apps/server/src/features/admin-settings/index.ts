/** The admin-settings feature's public surface: what other features may use (ARCHITECTURE.md). */
export { type AdminSettingsService } from './admin-settings.service';
export { InstanceSettingsRepository } from './instance-settings.repository';

/** The tokens feature's public surface: what other features may use (ARCHITECTURE.md). */
export { type ApiTokenRepository } from './api-token.repository';

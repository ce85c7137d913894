/** The events feature's public surface: what other features may use (ARCHITECTURE.md). */
export { type ControlMessage, type EventBus } from './event-bus';

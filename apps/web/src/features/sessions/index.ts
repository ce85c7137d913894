/** The sessions feature's public surface: what other features may use (see ARCHITECTURE.md, web boundaries). */
export { SessionsCard } from './components/sessions-card';

/** The auth feature's public surface: what other features may use (see ARCHITECTURE.md, web boundaries). */
export { meQueryOptions } from './api/get-me';
export { useLogout } from './api/logout';
export { type AuthState, useAuth } from './hooks/use-auth';

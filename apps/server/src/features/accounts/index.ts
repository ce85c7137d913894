/** The accounts feature's public surface: what other features may use (ARCHITECTURE.md). */
export { API_TOKEN_PREFIX } from './auth.service';
export { type PasswordHasher } from './password-hasher';
export { assertStrongPassword, type PasswordRules } from './password-policy';
export { type RateLimitRule, type RateLimiter } from './rate-limiter';
export { USER_COLUMNS, toAuthUser, type UserRepository } from './user.repository';
export { roleOrUser, type AuthUser } from './user.types';

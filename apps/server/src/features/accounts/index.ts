/** The accounts feature's public surface: what other features may use (ARCHITECTURE.md). */
export { API_TOKEN_PREFIX } from './auth.service';
export { type CredentialRevoker } from './credential-revoker';
export { type SecondFactorDecision, type SecondFactorGate } from './second-factor';
export { type PasswordHasher } from './password-hasher';
export { assertStrongPassword, type PasswordRules } from './password-policy';
export { type PasswordConfirmation, type RateLimitRule, type RateLimiter } from './rate-limiter';
export { USER_COLUMNS, toAuthUser, type UserRepository } from './user.repository';
export { roleOrUser, type AuthUser } from './user.types';
export { type Admission, type SignupGate, signupClosed } from './signup-gate';
// Single sign-on (features/sso) ends its sign-ins the same way as the password form.
export { type AuthService, type ClientInfo } from './auth.service';
export { sendSession } from './auth.routes';

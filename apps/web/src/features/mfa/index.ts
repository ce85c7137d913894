/** The two-factor feature's public surface: what other features may use (see ARCHITECTURE.md, web boundaries). */
export { useMfaStatus } from './api/mfa';
export { EnrolmentRequiredScreen } from './components/enrolment-required-screen';
export { TwoFactorCard } from './components/two-factor-card';

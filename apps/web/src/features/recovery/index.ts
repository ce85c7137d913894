/** The recovery feature's public surface: password reset and e-mail verification pages and widgets. */
export { ForgotPassword } from './components/forgot-password';
export { ResetPasswordPage } from './components/reset-password-page';
export { VerifyEmailBanner } from './components/verify-email-banner';
export { VerifyEmailPage } from './components/verify-email-page';

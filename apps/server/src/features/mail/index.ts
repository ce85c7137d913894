/** The mail feature's public surface (ARCHITECTURE.md): the one mailer, built in wiring (mail-feature.ts). */
export { type MailService } from './mail.service';

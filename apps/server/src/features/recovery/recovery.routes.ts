import {
  AdminResetLink,
  EmailVerificationStatus,
  ErrorBody,
  ForgotPasswordBody,
  IdParams,
  OkResponse,
  RecoveryOptions,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@hearth/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { RecoveryFeature } from './recovery-feature';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['auth'];

export interface RecoveryRoutesOptions {
  recovery: RecoveryFeature;
  /** Where links in mails and admin dialogs point: PUBLIC_URL, or the address this request came to. */
  publicUrl: string | undefined;
}

export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRoutesOptions> = async (app, options) => {
  const { passwordReset, verification, mail, manageableTarget } = options.recovery;
  // The request's own origin is trusted only because the Host header is checked against the allowed hosts.
  const baseUrl = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/api/auth/recovery-options',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'What account recovery /auth may offer', response: { 200: RecoveryOptions } },
    },
    async () => ({ mail_enabled: mail.enabled }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a password-reset link (the same answer whether or not the address has an account)',
        body: ForgotPasswordBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await passwordReset.requestByEmail(request.body.email, request.ip || null, baseUrl(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a one-time link (ends every session and API token)',
        body: ResetPasswordBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body.token, request.body.new_password, auditContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify an e-mail address with its link',
        body: VerifyEmailBody,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await verification.verify(request.body.token, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/email-verification',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Whether the account's address is verified",
        response: { 200: EmailVerificationStatus, ...errors },
      },
    },
    async (request) => verification.status(currentUser(request).id),
  );

  app.post(
    '/api/auth/email-verification/resend',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mail the verification link again', response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await verification.resend(currentUser(request), baseUrl(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/password-reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Issue a one-time password-reset link (1 hour, single use; shown once, mailed when mail is set up)',
        params: IdParams,
        response: { 201: AdminResetLink, ...errors },
      },
    },
    async (request, reply) => {
      const target = await manageableTarget(currentUser(request), request.params.id);
      const link = await passwordReset.issue(target, baseUrl(request), auditContext(request));
      return reply.status(201).send(link);
    },
  );
};

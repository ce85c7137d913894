import {
  ErrorBody,
  IdParams,
  InvitationCreateBody,
  InvitationCreated,
  InvitationList,
  InvitationPreview,
  InvitationTokenParams,
  OkResponse,
  PendingUserList,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { auditContext } from '../audit';
import type { InvitationService } from './invitation.service';
import type { SignupApprovalService } from './signup-approval.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['admin'];

export const signupRoutes: FastifyPluginAsyncZod<{
  signupApprovalService: SignupApprovalService;
  invitationService: InvitationService;
  /** Where mailed invitation links point: PUBLIC_URL, or the address the admin's request came to. */
  publicUrl: string | undefined;
}> = async (app, { signupApprovalService: approvals, invitationService: invitations, publicUrl }) => {
  app.get(
    '/api/admin/signups/pending',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Accounts waiting for approval (super admins: all; admins: their organisation's)",
        response: { 200: PendingUserList, ...errors },
      },
    },
    async (request) => approvals.list(currentUser(request)),
  );

  app.post(
    '/api/admin/signups/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Approve a pending account',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await approvals.approve(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/signups/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reject a pending account (deletes it)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await approvals.reject(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/invitations',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Invitation links (newest first)', response: { 200: InvitationList, ...errors } },
    },
    async (request) => invitations.list(currentUser(request)),
  );

  app.post(
    '/api/admin/invitations',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create an invitation link (the token is shown only in this answer)',
        body: InvitationCreateBody,
        response: { 201: InvitationCreated, ...errors },
      },
    },
    async (request, reply) => {
      // The request's own origin is trusted only because the Host header is checked against the allowed hosts.
      const origin = publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
      const created = await invitations.create(currentUser(request), request.body, auditContext(request), origin);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/admin/invitations/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Revoke an invitation link',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await invitations.revoke(currentUser(request), request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "An invitation link's organisation and role, for the sign-up form",
        params: InvitationTokenParams,
        response: { 200: InvitationPreview, 400: ErrorBody },
      },
    },
    async (request) => invitations.preview(request.params.token),
  );
};

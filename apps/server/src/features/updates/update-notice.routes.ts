import {
  DismissUpdatesResponse,
  ErrorBody,
  FinalizeUpdateBody,
  FinalizeUpdateResponse,
  IdParams,
  UpdateNotification,
  UpdatesResponse,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import type { UpdateNoticeService } from './update-notice.service';

/** The Update Available card's API: every signed-in user, each seeing only their own notifications. */
export const updateNoticeRoutes: FastifyPluginAsyncZod<{ updateNoticeService: UpdateNoticeService }> = async (
  app,
  { updateNoticeService },
) => {
  app.get(
    '/api/updates',
    {
      config: { access: 'user' },
      schema: {
        tags: ['updates'],
        summary: 'The latest live version and the caller’s open update notifications',
        response: { 200: UpdatesResponse, 401: ErrorBody },
      },
    },
    async (request) => updateNoticeService.overview(currentUser(request).id),
  );

  app.post(
    '/api/updates/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['updates'],
        summary: 'Mark one of the caller’s update notifications read',
        params: IdParams,
        response: { 200: UpdateNotification, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateNoticeService.markRead(currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/updates/dismiss-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['updates'],
        summary: 'Dismiss all of the caller’s update notifications',
        response: { 200: DismissUpdatesResponse, 401: ErrorBody },
      },
    },
    async (request) => updateNoticeService.dismissAll(currentUser(request).id),
  );

  app.post(
    '/api/updates/finalize',
    {
      config: { access: 'user' },
      schema: {
        tags: ['updates'],
        summary: 'Finish an update after reload: record the version and dismiss its notifications',
        body: FinalizeUpdateBody,
        response: { 200: FinalizeUpdateResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateNoticeService.finalize(currentUser(request).id, request.body.version),
  );
};

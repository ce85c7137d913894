import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { UpdateNoticeRepository } from './update-notice.repository';
import { updateNoticeRoutes } from './update-notice.routes';
import { UpdateNoticeService } from './update-notice.service';

/** Builds the update notices' service; the running build version comes from the composition root. */
export const buildUpdateNotices = (db: Db, uow: UnitOfWork, version: string): UpdateNoticeService =>
  new UpdateNoticeService(new UpdateNoticeRepository(db.kysely), uow, version);

export async function registerUpdateNoticeRoutes(
  server: FastifyInstance,
  updateNoticeService: UpdateNoticeService,
): Promise<void> {
  await server.register(updateNoticeRoutes, { updateNoticeService });
}

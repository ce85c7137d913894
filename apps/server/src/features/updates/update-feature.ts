import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { UpdateNoticeRepository } from './update-notice.repository';
import { updateNoticeRoutes } from './update-notice.routes';
import { UpdateNoticeService } from './update-notice.service';

/** Wires the update notices (repository → service → routes); the running build version comes from app.ts. */
export async function registerUpdateNoticeRoutes(
  server: FastifyInstance,
  db: Db,
  uow: UnitOfWork,
  version: string,
): Promise<void> {
  const updateNoticeService = new UpdateNoticeService(new UpdateNoticeRepository(db.kysely), uow, version);
  await server.register(updateNoticeRoutes, { updateNoticeService });
}

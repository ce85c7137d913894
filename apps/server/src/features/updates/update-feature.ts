import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { UpdateNoticeRepository } from './update-notice.repository';
import { updateNoticeRoutes } from './update-notice.routes';
import { UpdateNoticeService } from './update-notice.service';

/** Wires the update notices (repository → service → routes); the running build version comes from app.ts. */
export async function registerUpdateNoticeRoutes(server: FastifyInstance, db: Db, version: string): Promise<void> {
  const updateNoticeService = new UpdateNoticeService(new UpdateNoticeRepository(db.kysely), version);
  await server.register(updateNoticeRoutes, { updateNoticeService });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { CredentialRevoker } from '../accounts';
import type { AuditService } from '../audit';
import { SessionListRepository } from './session-list.repository';
import { sessionRoutes } from './sessions.routes';
import { SessionsService } from './sessions.service';

export const buildSessionsFeature = (db: Db, revoker: CredentialRevoker, audit: AuditService): SessionsService =>
  new SessionsService(new SessionListRepository(db.kysely), revoker, audit);

export async function registerSessionRoutes(server: FastifyInstance, sessionsService: SessionsService) {
  await server.register(sessionRoutes, { sessionsService });
}

import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit.service';

/** Who is acting and from where, as the audit log records it. Routes build this and pass it to services. */
export function auditContext(request: FastifyRequest): AuditContext {
  const userAgent = request.headers['user-agent'];
  const actor = request.auth?.user;
  return {
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}

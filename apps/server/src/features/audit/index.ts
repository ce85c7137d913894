/** The audit feature's public surface: what other features may use (ARCHITECTURE.md). */
export { auditContext } from './audit-context';
export { SYSTEM_CONTEXT, type AuditContext, type AuditEvent, type AuditService } from './audit.service';

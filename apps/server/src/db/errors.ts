/** A unique or primary-key violation, on PostgreSQL (23505) or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof message === 'string' && /UNIQUE constraint/i.test(message))
  );
}

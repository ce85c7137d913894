import { z } from 'zod';

const Check = z.object({ status: z.enum(['ok', 'error']), detail: z.string().optional() });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: Check.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  storage: Check.extend({ driver: z.enum(['fs']) }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

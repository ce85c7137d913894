import { z } from 'zod';

const Check = z.object({ status: z.enum(['ok', 'error']), detail: z.string().optional() });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: Check.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  storage: Check.extend({ driver: z.enum(['fs', 's3']) }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/setup/status: what the public setup page may know about the model runtimes (no names, no errors). */
export const SetupStatus = z.object({
  model_service: z.object({ connected: z.boolean() }),
  models: z.object({ available: z.boolean() }),
});
export type SetupStatus = z.infer<typeof SetupStatus>;

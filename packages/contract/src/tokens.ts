import { z } from 'zod';

export const ApiTokenCreateBody = z.object({
  name: z.string().trim().min(1).max(100),
  expires_in_days: z.number().int().min(1).max(3650).nullable().optional(),
});
export type ApiTokenCreateBody = z.infer<typeof ApiTokenCreateBody>;

export const ApiToken = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('First characters of the token, to recognise it'),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenList = z.object({ tokens: z.array(ApiToken) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

/** Returned once, at creation: the secret is never shown again. */
export const ApiTokenCreated = z.object({ token: ApiToken, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

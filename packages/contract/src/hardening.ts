import { z } from 'zod';

/** GET /api/auth/setup (public): whether the Sign Up form must ask for the first account's setup code. */
export const SetupState = z
  .object({
    /** True on a fresh instance until its first account exists (unless SUPER_ADMIN_EMAIL names that account). */
    setup_code_required: z.boolean(),
  })
  .meta({ id: 'SetupState' });
export type SetupState = z.infer<typeof SetupState>;

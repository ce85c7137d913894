import { z } from 'zod';

export const IdParams = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof IdParams>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

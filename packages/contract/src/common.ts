import { z } from 'zod';

export const IdParams = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof IdParams>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** Control characters: none belongs in a one-line name (NUL is removed from every request body by the server). */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** A one-line name a person typed (collection name, prompt title): control characters removed. */
export const nameText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.replace(CONTROL_CHARACTERS, ''));

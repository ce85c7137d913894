import { z } from 'zod';

/**
 * Model visibility (issue 16). A model (by name) or a whole runtime (by id) is either visible to everyone (no
 * groups) or only to members of the listed groups. Admins and super admins always see every model.
 */
export const ModelGrantKind = z.enum(['model', 'provider']);
export type ModelGrantKind = z.infer<typeof ModelGrantKind>;

export const ModelGrant = z.object({
  kind: ModelGrantKind,
  /** The model's name, or the runtime's id. */
  subject: z.string(),
  group_ids: z.array(z.string()),
});
export type ModelGrant = z.infer<typeof ModelGrant>;

export const ModelGrantsResponse = z.object({ grants: z.array(ModelGrant) });
export type ModelGrantsResponse = z.infer<typeof ModelGrantsResponse>;

/** Replaces the groups of one subject; an empty list means "Everyone". */
export const ModelGrantBody = z.object({
  kind: ModelGrantKind,
  subject: z.string().trim().min(1).max(300),
  group_ids: z.array(z.string().min(1).max(100)).max(100),
});
export type ModelGrantBody = z.infer<typeof ModelGrantBody>;

import { z } from 'zod';

/**
 * Documentation maintenance (the admin Documentation tab): changes detected in a git working tree since the last
 * processed commit, and documentation updates drafted for them by a model, applied automatically or reviewed.
 */

export const DocFileType = z.enum(['component', 'service', 'backend', 'config', 'docs']);
export type DocFileType = z.infer<typeof DocFileType>;

export const DocChangeType = z.enum(['added', 'modified', 'deleted', 'renamed']);
export type DocChangeType = z.infer<typeof DocChangeType>;

export const DocImpact = z.enum(['low', 'medium', 'high', 'critical']);
export type DocImpact = z.infer<typeof DocImpact>;

export const DocChange = z
  .object({
    id: z.string(),
    fileType: DocFileType,
    filePath: z.string(),
    /** For a rename, the path before. */
    previousPath: z.string().nullable(),
    changeType: DocChangeType,
    impact: DocImpact,
    /** Documentation page paths (e.g. /docs/chat) the change may make out of date. */
    affectedDocs: z.array(z.string()),
    /** Lines added plus lines removed (0 for binary files). */
    linesChanged: z.number().int(),
    /** The commit the change was detected at (HEAD of the working tree then). */
    commit: z.string(),
    timestamp: z.string(),
    /** True once updates were drafted for it. */
    processed: z.boolean(),
  })
  .meta({ id: 'DocChange' });
export type DocChange = z.infer<typeof DocChange>;

export const DocChangeList = z.object({ changes: z.array(DocChange) });
export type DocChangeList = z.infer<typeof DocChangeList>;

/** A commit (hash, 4-40 hex digits) to compare from instead of the last processed one. */
export const DetectDocChangesBody = z.object({
  since: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{4,40}$/, { message: 'Use a commit hash' })
    .optional(),
});
export type DetectDocChangesBody = z.infer<typeof DetectDocChangesBody>;

export const DetectDocChangesResult = z.object({
  /** The commit compared from (null: the whole history up to HEAD). */
  baseCommit: z.string().nullable(),
  headCommit: z.string(),
  /** The changes recorded by this detection (low impact with no affected docs is left out). */
  changes: z.array(DocChange),
  /** How many changed files were left out as low impact with no affected docs. */
  ignored: z.number().int(),
  /** How many changed files were left out because one detection records at most 500 (the most important first). */
  skipped: z.number().int().optional(),
});
export type DetectDocChangesResult = z.infer<typeof DetectDocChangesResult>;

export const DocUpdateType = z.enum(['automatic', 'review_required']);
export type DocUpdateType = z.infer<typeof DocUpdateType>;

export const DocUpdateStatus = z.enum(['pending', 'applied', 'rejected']);
export type DocUpdateStatus = z.infer<typeof DocUpdateStatus>;

/** Automatic updates are those whose confidence is above this; only they are applied without review. */
export const DOC_UPDATE_AUTO_APPLY_THRESHOLD = 0.7;

export const DocUpdate = z
  .object({
    id: z.string(),
    changeId: z.string(),
    /** The changed file the update answers, for display. */
    filePath: z.string(),
    docPath: z.string(),
    currentContent: z.string(),
    suggestedContent: z.string(),
    updateType: DocUpdateType,
    status: DocUpdateStatus,
    aiConfidence: z.number().min(0).max(1),
    /** Why applying failed (status rejected), or null. */
    error: z.string().nullable(),
    timestamp: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'DocUpdate' });
export type DocUpdate = z.infer<typeof DocUpdate>;

export const DocUpdateList = z.object({ updates: z.array(DocUpdate) });
export type DocUpdateList = z.infer<typeof DocUpdateList>;

export const DocUpdateListQuery = z.object({ status: DocUpdateStatus.optional() });
export type DocUpdateListQuery = z.infer<typeof DocUpdateListQuery>;

export const DOC_UPDATE_PROMPT_MAX = 4000;

/** The spec's generate-doc-update: extra instructions, the change (its id) and the page → the updated page. */
export const GenerateDocUpdateBody = z.object({
  prompt: z.string().trim().max(DOC_UPDATE_PROMPT_MAX).optional(),
  change: z.string().min(1).max(100),
  docPath: z.string().trim().max(200),
});
export type GenerateDocUpdateBody = z.infer<typeof GenerateDocUpdateBody>;

export const GenerateDocUpdateResult = z.object({ updatedContent: z.string() });
export type GenerateDocUpdateResult = z.infer<typeof GenerateDocUpdateResult>;

/** Drafting a change writes one update per affected page. */
export const DraftDocUpdatesResult = z.object({ change: DocChange, updates: z.array(DocUpdate) });
export type DraftDocUpdatesResult = z.infer<typeof DraftDocUpdatesResult>;

/**
 * Drafting runs as a background job (one model call per page can take minutes): the draft route answers 202
 * with the job, followed at GET /api/admin/docs/drafts/:id until it is done (with the result) or failed.
 */
export const DocDraftJob = z.object({
  id: z.string(),
  changeId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Pages drafted so far of those the change affects (null until the job starts). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  error: z.string().nullable(),
  /** Once done: the change (now processed) and the updates drafted for it. */
  result: DraftDocUpdatesResult.nullable(),
});
export type DocDraftJob = z.infer<typeof DocDraftJob>;

export const ProcessDocUpdatesResult = z.object({
  applied: z.number().int(),
  rejected: z.number().int(),
  updates: z.array(DocUpdate),
});
export type ProcessDocUpdatesResult = z.infer<typeof ProcessDocUpdatesResult>;

export const DocsMaintenanceSettings = z
  .object({
    /** The configured git working tree, or null for the default. */
    repoPath: z.string().nullable(),
    /** The tree detection reads: the configured one, else the app's own when it is a git working tree. */
    effectiveRepoPath: z.string().nullable(),
    isGitRepository: z.boolean(),
    lastProcessedCommit: z.string().nullable(),
    /** The model that drafts updates, or null for the instance's default chat model. */
    model: z.string().nullable(),
    effectiveModel: z.string().nullable(),
  })
  .meta({ id: 'DocsMaintenanceSettings' });
export type DocsMaintenanceSettings = z.infer<typeof DocsMaintenanceSettings>;

export const UpdateDocsMaintenanceSettingsBody = z.object({
  repoPath: z.string().trim().min(1).max(1000).nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
});
export type UpdateDocsMaintenanceSettingsBody = z.infer<typeof UpdateDocsMaintenanceSettingsBody>;

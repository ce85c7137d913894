import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocsMaintenanceSettings, UpdateDocsMaintenanceSettingsBody } from '@hearth/contract';
import { z } from 'zod';
import { AppError } from '../../../http/errors';
import type { Tx, UnitOfWork } from '../../../lib/unit-of-work';
import type { AdminSettingsService, InstanceSettingsRepository } from '../../admin-settings';
import type { AuditContext, AuditService } from '../../audit';
import type { ModelRegistry } from '../../models';
import { workTreeRoot } from './git-changes';

export const SETTINGS_KEY = 'docs_maintenance';
export const NO_WORK_TREE_MESSAGE =
  'No git working tree is configured: set the repository path in the documentation maintenance settings.';

/** What is stored under instance_settings 'docs_maintenance'. */
const StoredSettings = z.object({
  repoPath: z.string().nullable().catch(null),
  model: z.string().nullable().catch(null),
  lastProcessedCommit: z.string().nullable().catch(null),
});
export type StoredSettings = z.infer<typeof StoredSettings>;
const EMPTY: StoredSettings = { repoPath: null, model: null, lastProcessedCommit: null };

const here = path.dirname(fileURLToPath(import.meta.url));

/** The settings of documentation maintenance: which git tree to read, which model drafts, where detection stopped. */
export class MaintenanceSettingsService {
  private ownTree: Promise<string | null> | null = null;

  constructor(
    private readonly repository: InstanceSettingsRepository,
    private readonly adminSettings: Pick<AdminSettingsService, 'system'>,
    private readonly registry: ModelRegistry,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async stored(): Promise<StoredSettings> {
    const parsed = StoredSettings.safeParse(await this.repository.getJson(SETTINGS_KEY));
    return parsed.success ? parsed.data : EMPTY;
  }

  async store(tx: Tx, settings: StoredSettings): Promise<void> {
    await this.repository.setJson(SETTINGS_KEY, settings, tx);
  }

  /** The repository holding the server's own code (found once), when the app runs from a git working tree. */
  appTree(): Promise<string | null> {
    this.ownTree ??= (async () => (await workTreeRoot(here)) ?? (await workTreeRoot(process.cwd())))();
    return this.ownTree;
  }

  /** The tree detection reads: the configured one (when it is still a working tree), else the app's own. */
  async effectiveRepo(settings: StoredSettings): Promise<string | null> {
    return settings.repoPath ? await workTreeRoot(settings.repoPath) : await this.appTree();
  }

  /** The tree detection reads, or 400 saying why there is none. */
  async requireRepo(settings: StoredSettings): Promise<string> {
    const repo = await this.effectiveRepo(settings);
    if (repo) return repo;
    throw AppError.badRequest(
      settings.repoPath ? `${settings.repoPath} is no longer a git working tree.` : NO_WORK_TREE_MESSAGE,
    );
  }

  /** The configured model, else the instance's default model, else the first installed chat model. */
  async effectiveModel(settings: StoredSettings): Promise<string | null> {
    if (settings.model) return settings.model;
    const { default_model } = await this.adminSettings.system();
    if (default_model) return default_model;
    const models = await this.registry.listModels().catch(() => []);
    return models.find((model) => !model.capabilities.embedding)?.name ?? null;
  }

  async get(): Promise<DocsMaintenanceSettings> {
    return await this.describe(await this.stored());
  }

  private async describe(settings: StoredSettings): Promise<DocsMaintenanceSettings> {
    const [effectiveRepoPath, effectiveModel] = await Promise.all([
      this.effectiveRepo(settings),
      this.effectiveModel(settings),
    ]);
    return {
      repoPath: settings.repoPath,
      effectiveRepoPath,
      isGitRepository: effectiveRepoPath !== null,
      lastProcessedCommit: settings.lastProcessedCommit,
      model: settings.model,
      effectiveModel,
    };
  }

  /** A new repository starts from its whole history again: the last processed commit belonged to the old one. */
  async update(body: UpdateDocsMaintenanceSettingsBody, context: AuditContext): Promise<DocsMaintenanceSettings> {
    const repoPath = body.repoPath === null ? null : await checkRepoPath(body.repoPath);
    const current = await this.stored();
    const sameTree = (await this.effectiveRepo(current)) === (await this.effectiveRepo({ ...current, repoPath }));
    const next: StoredSettings = {
      repoPath,
      model: body.model,
      lastProcessedCommit: sameTree ? current.lastProcessedCommit : null,
    };
    await this.uow.run(async (tx) => {
      await this.store(tx, next);
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: SETTINGS_KEY,
          details: { repoPath: next.repoPath, model: next.model, lastProcessedCommit: next.lastProcessedCommit },
        },
        context,
      );
    });
    return await this.describe(next);
  }
}

/** An absolute path to an existing directory inside a git working tree; 400 otherwise. */
async function checkRepoPath(repoPath: string): Promise<string> {
  if (!path.isAbsolute(repoPath)) throw AppError.badRequest('The repository path must be an absolute path.');
  const resolved = path.resolve(repoPath);
  const info = await stat(resolved).catch(() => null);
  if (!info?.isDirectory()) throw AppError.badRequest(`${resolved} is not a directory on the server.`);
  if (!(await workTreeRoot(resolved))) throw AppError.badRequest(`${resolved} is not a git working tree.`);
  return resolved;
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditService } from '../audit';
import { ConversationReadRepository } from './conversation-read.repository';
import { ExportService } from './export.service';
import { ImportRepository } from './import.repository';
import { ImportService } from './import.service';
import { ShareRepository } from './share.repository';
import { type ShareSettings, ShareService } from './share.service';
import { sharingRoutes } from './sharing.routes';

export interface SharingFeature {
  shareService: ShareService;
  exportService: ExportService;
  importService: ImportService;
}

export interface SharingDependencies {
  db: Db;
  secret: string;
  uow: UnitOfWork;
  audit: AuditService;
  /** The admin setting that allows public links (admin-settings). */
  settings: ShareSettings;
}

/** Wires share links, conversation export and import (issue 17; called from wiring/services.ts). */
export function buildSharingFeature({ db, secret, uow, audit, settings }: SharingDependencies): SharingFeature {
  const conversations = new ConversationReadRepository(db.kysely);
  return {
    shareService: new ShareService(
      new ShareRepository(db.kysely),
      conversations,
      new SecretBox(secret, 'share-link-token'),
      settings,
      uow,
      audit,
    ),
    exportService: new ExportService(conversations, uow, audit),
    importService: new ImportService(new ImportRepository(db.kysely), uow, audit),
  };
}

export async function registerSharingRoutes(server: FastifyInstance, feature: SharingFeature): Promise<void> {
  await server.register(sharingRoutes, feature);
}

import { type Attachment, CHAT_MAX_ATTACHMENT_BYTES } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { cleanFileName } from '../../lib/file-name';
import type { BlobStore } from '../../storage/blob-store';
import { extractDocument, ExtractionError } from '../extraction';
import type { AttachmentRecord, AttachmentRepository } from './attachment.repository';
import { type ChatExtension, FILE_TYPES, extensionOf, isRasterImage } from './file-types';

const INVALID_TYPE = 'Invalid file type';
const INVALID_TYPE_HELP = 'Please upload PDF, Word, TXT files, or images (JPG, PNG, GIF, etc.).';
/**
 * Documents become text for the prompt, read as the extension the extractor knows them by; SVG is markup, so its
 * source goes in as text (read as .txt, not as XML's text nodes).
 */
const EXTRACT_AS: Partial<Record<ChatExtension, string>> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  txt: 'txt',
  // Read as the knowledge base reads them: Markdown cleaned, CSV as headers plus the first rows.
  md: 'md',
  csv: 'csv',
  svg: 'txt',
};
/** Uploads never sent with a message are removed after a day. */
const UNSENT_TTL_MS = 86_400_000;

export const toPublic = ({ id, name, mime_type, size, kind, has_text }: AttachmentRecord): Attachment => ({
  id,
  name,
  mime_type,
  size,
  kind,
  has_text,
});

/** Spec §5 / §8: 'File size (N MB) exceeds maximum allowed size (10MB)'. */
export const tooLarge = (bytes: number) =>
  new AppError(
    'payload_too_large',
    413,
    `File size (${(bytes / 1024 / 1024).toFixed(2)} MB) exceeds maximum allowed size (10MB)`,
  );

/** Display names keep the user's wording, cleaned (lib/file-name.ts). */
const displayName = cleanFileName;
/** Storage keys use a safe subset (spec: {user_id}/{timestamp}_{name}). */
const storageName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120) || 'file';

let lastStamp = 0;
/** Millisecond timestamps, unique within this process so two uploads never share a key. */
const uniqueStamp = () => (lastStamp = Math.max(Date.now(), lastStamp + 1));

export class AttachmentService {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly blobs: BlobStore,
  ) {}

  /** Checks type (by extension and by content), size and readability; keeps the original; extracts text. */
  async upload(userId: string, fileName: string, data: Buffer, size: number): Promise<Attachment> {
    const extension = extensionOf(fileName);
    if (!extension) throw new AppError('unsupported_file', 415, INVALID_TYPE, { description: INVALID_TYPE_HELP });
    if (size > CHAT_MAX_ATTACHMENT_BYTES) throw tooLarge(size);
    const type = FILE_TYPES[extension];
    if (!(await type.matches(data))) {
      throw new AppError('unsupported_file', 415, INVALID_TYPE, {
        description: `The file's content is not a valid .${extension} file. ${INVALID_TYPE_HELP}`,
      });
    }
    let text: string | null = null;
    const extractAs = EXTRACT_AS[extension];
    if (extractAs) {
      try {
        // The one extraction path (a worker thread, the knowledge limits); the 10 MB cap above is already checked.
        text = (await extractDocument(data, `attachment.${extractAs}`)).text;
      } catch (error) {
        if (error instanceof ExtractionError) throw new AppError('extraction_failed', 422, error.message);
        throw error;
      }
    }
    const name = displayName(fileName);
    const blobKey = `${userId}/${uniqueStamp()}_${storageName(name)}`;
    await this.blobs.put(blobKey, data);
    const record = await this.attachments.create(userId, {
      name,
      mime_type: type.mime,
      size,
      kind: type.kind,
      blob_key: blobKey,
      extracted_text: text,
    });
    return toPublic(record);
  }

  async content(userId: string, id: string): Promise<{ record: AttachmentRecord; data: Buffer }> {
    const record = await this.attachments.findOwned(userId, id);
    if (!record) throw AppError.notFound('Attachment');
    return { record, data: await this.blobs.get(record.blob_key) };
  }

  /**
   * The user's attachments for a message: each must exist, be theirs, and not belong to another conversation
   * (not strict: those that no longer qualify are left out).
   */
  async forMessage(
    userId: string,
    ids: string[],
    conversationId: string | null,
    { strict = true } = {},
  ): Promise<AttachmentRecord[]> {
    const unique = [...new Set(ids)];
    const found = await this.attachments.findManyOwned(userId, unique);
    const usable = found.filter((item) => item.conversation_id === null || item.conversation_id === conversationId);
    if (strict && usable.length !== unique.length) throw AppError.notFound('Attachment');
    return unique.map((id) => usable.find((item) => item.id === id)).filter((item) => item !== undefined);
  }

  assign(userId: string, ids: string[], conversationId: string): Promise<void> {
    return this.attachments.assign(userId, ids, conversationId);
  }

  /** Base64 of the raster images among the attachments, for a vision model. */
  async images(records: AttachmentRecord[]): Promise<string[]> {
    const images = records.filter((item) => isRasterImage(item.mime_type));
    return Promise.all(images.map(async (item) => (await this.blobs.get(item.blob_key)).toString('base64')));
  }

  blobKeys(userId: string, conversationId?: string): Promise<string[]> {
    return this.attachments.blobKeys(userId, conversationId);
  }

  /** Best effort: a blob left behind is clutter, not a leak (its row, the only way to reach it, is gone). */
  async deleteBlobs(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.blobs.delete(key)));
  }

  async sweepUnsent(): Promise<void> {
    const keys = await this.attachments.deleteUnsentBefore(new Date(Date.now() - UNSENT_TTL_MS).toISOString());
    await this.deleteBlobs(keys);
  }
}

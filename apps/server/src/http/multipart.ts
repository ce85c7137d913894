import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cleanFileName } from '../lib/file-name';
import { AppError } from './errors';

export interface UploadLimits {
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** Files per request (default 1). */
  maxFiles?: number;
  /**
   * Bytes read at most per file (default maxFileBytes + 1). Past maxFileBytes they are only counted, so a
   * refusal can say how big the file was; past this the upload is cut off (and its size then reads "at least").
   */
  readCapBytes?: number;
  /** The error for a single file over the limit (one() throws it). */
  tooLarge?: (bytes: number) => Error;
}

/** One uploaded file: its name cleaned (lib/file-name.ts), at most maxFileBytes of its bytes, and its size. */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** Bytes sent, as far as they were counted: over maxFileBytes means the file is too large (data is cut). */
  size: number;
  /** The type the client declared for the file (unchecked). */
  mimeType: string;
  /** The text fields sent before the file (multipart parts are read in order). */
  fields: Record<string, string>;
}

export interface Uploads {
  /** The request's one file: a 400 when it is not multipart or has none, limits.tooLarge when over the limit. */
  one(request: FastifyRequest): Promise<UploadedFile>;
  /** Every file of the request, in order (each checked by the caller); a 400 when it is not multipart or has none. */
  many(request: FastifyRequest): AsyncGenerator<UploadedFile>;
}

/**
 * Registers @fastify/multipart in the calling plugin's scope only (the routes that take uploads, no others)
 * with these limits, and returns the readers of its files.
 */
export async function registerUploads(app: FastifyInstance, limits: UploadLimits): Promise<Uploads> {
  const maxFiles = limits.maxFiles ?? 1;
  const readCap = Math.max(limits.readCapBytes ?? 0, limits.maxFileBytes + 1);
  await app.register(fastifyMultipart, {
    limits: { files: maxFiles, fields: 5, fileSize: readCap, parts: maxFiles + 5 },
    // An oversized file is cut off and marked truncated, not an error: the route says how big it was.
    throwFileSizeLimit: false,
  });

  const read = async (file: MultipartFile): Promise<UploadedFile> => {
    // Keep at most the allowed size in memory, but count everything read, so the error can say how big it was.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of file.file) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size <= limits.maxFileBytes) chunks.push(buffer);
    }
    // Cut off at the read cap: over the limit whatever was counted.
    if (file.file.truncated) size = Math.max(size, limits.maxFileBytes + 1);
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(file.fields)) {
      const part = Array.isArray(field) ? field[0] : field;
      if (part?.type === 'field' && typeof part.value === 'string') fields[name] = part.value;
    }
    return {
      fileName: cleanFileName(file.filename),
      data: Buffer.concat(chunks),
      size,
      mimeType: file.mimetype,
      fields,
    };
  };

  return {
    async one(request) {
      if (!request.isMultipart()) throw AppError.badRequest('Send the file as multipart/form-data');
      const file = await request.file();
      if (!file) throw AppError.badRequest('No file was uploaded');
      const upload = await read(file);
      if (upload.size > limits.maxFileBytes && limits.tooLarge) throw limits.tooLarge(upload.size);
      return upload;
    },
    async *many(request) {
      if (!request.isMultipart()) throw AppError.badRequest('Send the files as multipart/form-data');
      let count = 0;
      for await (const file of request.files()) {
        count += 1;
        yield await read(file);
      }
      if (count === 0) throw AppError.badRequest('No file was uploaded');
    },
  };
}

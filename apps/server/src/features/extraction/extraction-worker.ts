/**
 * The entry of an extraction worker thread (extraction-pool.ts starts it). One file at a time: a request in,
 * a document or an error out. A crash, a runaway parser or a heap overflow here ends this thread, never the server.
 */
import { parentPort } from 'node:worker_threads';
import type { ExtractedDocument, ExtractionLimits } from './extract-document';
import type { ExtractionErrorCode } from './extract-text';
import { asExtractionError, readDocument } from './read-document';

export interface ExtractionRequest {
  id: number;
  /** The file's bytes, transferred (not copied) into this thread. */
  data: Uint8Array;
  fileName: string;
  limits: ExtractionLimits;
}

/** An ExtractionError as plain data: errors do not cross threads with their class. */
export interface ExtractionFailure {
  message: string;
  code: ExtractionErrorCode;
  empty: boolean;
}

export type ExtractionReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; document: ExtractedDocument }
  | { type: 'failed'; id: number; error: ExtractionFailure };

const port = parentPort;
if (!port) throw new Error('extraction-worker runs only as a worker thread (see extraction-pool.ts).');

const reply = (message: ExtractionReply) => port.postMessage(message);

port.on('message', ({ id, data, fileName, limits }: ExtractionRequest) => {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  readDocument(bytes, fileName, limits).then(
    (document) => reply({ type: 'done', id, document }),
    (error: unknown) => {
      const { message, code, empty } = asExtractionError(error);
      reply({ type: 'failed', id, error: { message, code, empty } });
    },
  );
});

reply({ type: 'ready' });

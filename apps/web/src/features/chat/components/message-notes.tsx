import type { MessageMetadata, UsedDocument } from '@hearth/contract';
import { Gauge, Info, Loader } from 'lucide-react';
import { confidenceLabel, indexingNotice } from '../lib/sources';
import { SourcesCard } from './sources-card';

export const TRUNCATED_NOTE = "Part of the conversation was left out to fit the model's context window.";
/** An answer cut off by a server restart: what was saved while it streamed (issue 14). */
export const INTERRUPTED_NOTE = 'The server restarted while this answer was being written.';
/** An answer another tab (or device) is still receiving: this is what was saved so far. */
export const WRITING_NOTE = 'This answer is still being written; this is the part saved so far.';

/** The live note while streaming, which knows how many older messages were dropped. */
export const truncatedNote = (droppedMessages: number): string =>
  droppedMessages > 0
    ? `${droppedMessages} older message${droppedMessages === 1 ? ' was' : 's were'} left out to fit the model's context window.`
    : TRUNCATED_NOTE;

/** 'Still indexing: …', on an answer whose searched collections were not fully indexed yet. */
export function IndexingNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p className="flex items-center gap-1 text-amber-700 dark:text-amber-400" data-testid="indexing-notice">
      <Loader className="size-3 shrink-0" aria-hidden />
      {notice}
    </p>
  );
}

interface MessageNotesProps {
  metadata: MessageMetadata;
  onOpenSource?: (source: UsedDocument) => void;
}

/** Small notes under an answer: cut context, stopped, length limit, indexing, confidence, the documents it used. */
export function MessageNotes({ metadata, onOpenSource }: MessageNotesProps) {
  const sources = metadata.used_documents ?? [];
  const notes = [
    metadata.truncated ? TRUNCATED_NOTE : null,
    metadata.writing ? WRITING_NOTE : null,
    metadata.interrupted
      ? INTERRUPTED_NOTE
      : metadata.stopped
        ? 'Stopped: this is the part of the answer produced before you pressed Stop.'
        : null,
    metadata.length_limited ? "The answer was cut off at the model's length limit." : null,
  ].filter((note): note is string => note !== null);
  const indexing = indexingNotice(metadata.indexing_collections ?? []);
  const confidence = metadata.confidence;
  if (notes.length === 0 && sources.length === 0 && !indexing && confidence === undefined) return null;
  return (
    <div className="mt-2 grid gap-1 text-xs text-muted-foreground">
      {notes.map((note) => (
        <p key={note} className="flex items-center gap-1" data-testid="message-note">
          <Info className="size-3 shrink-0" aria-hidden />
          {note}
        </p>
      ))}
      <IndexingNotice notice={indexing} />
      {confidence !== undefined ? (
        <p
          className="flex items-center gap-1"
          data-testid="answer-confidence"
          title="How far this answer is grounded in your documents: more when it used relevant documents"
        >
          <Gauge className="size-3 shrink-0" aria-hidden />
          {confidenceLabel(confidence)}
          {metadata.advanced_retrieval ? ' · advanced retrieval' : ''}
        </p>
      ) : null}
      <SourcesCard sources={sources} onOpen={onOpenSource} />
    </div>
  );
}

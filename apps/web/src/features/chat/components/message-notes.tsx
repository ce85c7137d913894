import type { MessageMetadata, UsedDocument } from '@hearth/contract';
import { Gauge, Info, Loader } from 'lucide-react';
import { confidenceLabel, indexingNotice } from '../lib/sources';
import { AnswerSupportNote, RetrievalDetails } from './answer-checks';
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

/**
 * Small notes under an answer: cut context, stopped, length limit, indexing, how well the sources matched and
 * how much of the answer they back up, how advanced retrieval found them, and the documents it used.
 */
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
  // Spec §9's number measures the sources against the question, so it is shown only where there are sources.
  const confidence = sources.length > 0 ? metadata.confidence : undefined;
  const details = metadata.retrieval_details;
  if (notes.length === 0 && sources.length === 0 && !indexing) return null;
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
          title="How well the sources matched your question (not whether the answer is right)"
        >
          <Gauge className="size-3 shrink-0" aria-hidden />
          {confidenceLabel(confidence)}
          {metadata.advanced_retrieval ? ' · advanced retrieval' : ''}
        </p>
      ) : null}
      {metadata.support && sources.length > 0 ? <AnswerSupportNote support={metadata.support} /> : null}
      {details ? <RetrievalDetails details={details} /> : null}
      <SourcesCard sources={sources} onOpen={onOpenSource} />
    </div>
  );
}

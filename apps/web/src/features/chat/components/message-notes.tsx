import type { MessageMetadata } from '@hearth/contract';
import { Info } from 'lucide-react';

export const TRUNCATED_NOTE = "Part of the conversation was left out to fit the model's context window.";

/** The live note while streaming, which knows how many older messages were dropped. */
export const truncatedNote = (droppedMessages: number): string =>
  droppedMessages > 0
    ? `${droppedMessages} older message${droppedMessages === 1 ? ' was' : 's were'} left out to fit the model's context window.`
    : TRUNCATED_NOTE;

/** Small notes under an answer: cut context, stopped, length limit, the documents it used. */
export function MessageNotes({ metadata }: { metadata: MessageMetadata }) {
  const sources = metadata.used_documents ?? [];
  const notes = [
    metadata.truncated ? TRUNCATED_NOTE : null,
    metadata.stopped ? 'Stopped: this is the part of the answer produced before you pressed Stop.' : null,
    metadata.length_limited ? "The answer was cut off at the model's length limit." : null,
  ].filter((note): note is string => note !== null);
  if (notes.length === 0 && sources.length === 0) return null;
  return (
    <div className="mt-2 grid gap-1 text-xs text-muted-foreground">
      {notes.map((note) => (
        <p key={note} className="flex items-center gap-1" data-testid="message-note">
          <Info className="size-3 shrink-0" aria-hidden />
          {note}
        </p>
      ))}
      {sources.length > 0 ? (
        <div className="rounded-md border p-2">
          <p className="font-medium text-foreground">Sources</p>
          <ul className="mt-1 grid gap-1">
            {sources.slice(0, 3).map((source) => (
              <li key={source.id}>
                <span className="font-medium">{source.fileName}</span> · {source.collectionName}
              </li>
            ))}
          </ul>
          {sources.length > 3 ? <p className="mt-1">+{sources.length - 3} more</p> : null}
        </div>
      ) : null}
    </div>
  );
}

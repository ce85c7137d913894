import type { MessageMetadata, UsedDocument } from '@hearth/contract';
import { Gauge, Globe, Info, Loader } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { confidenceLabel, indexingNotice } from '../lib/sources';
import { AnswerSupportNote, RetrievalDetails } from './answer-checks';
import { SourcesCard } from './sources-card';

/** The live note while streaming, which knows how many older messages were dropped. */
export const truncatedNote = (droppedMessages: number): string =>
  droppedMessages > 0
    ? i18n.t('chat:notes.droppedMessages', { count: droppedMessages })
    : i18n.t('chat:notes.truncated');

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
  const { t } = useTranslation('chat');
  const sources = metadata.used_documents ?? [];
  const notes = [
    metadata.truncated ? t('notes.truncated') : null,
    // An answer another tab (or device) is still receiving: this is what was saved so far.
    metadata.writing ? t('notes.writing') : null,
    // An answer cut off by a server restart: what was saved while it streamed (issue 14).
    metadata.interrupted ? t('notes.interrupted') : metadata.stopped ? t('notes.stopped') : null,
    metadata.length_limited ? t('notes.lengthLimited') : null,
  ].filter((note): note is string => note !== null);
  const indexing = indexingNotice(metadata.indexing_collections ?? []);
  // Spec §9's number measures the sources against the question, so it is shown only where there are sources.
  const confidence = sources.length > 0 ? metadata.confidence : undefined;
  const details = metadata.retrieval_details;
  const webQueries = metadata.web_queries ?? [];
  if (notes.length === 0 && sources.length === 0 && !indexing && webQueries.length === 0) return null;
  return (
    <div className="mt-2 grid gap-1 text-xs text-muted-foreground">
      {notes.map((note) => (
        <p key={note} className="flex items-center gap-1" data-testid="message-note">
          <Info className="size-3 shrink-0" aria-hidden />
          {note}
        </p>
      ))}
      <IndexingNotice notice={indexing} />
      {webQueries.map((query) => (
        <p key={query} className="flex items-center gap-1" data-testid="web-query">
          <Globe className="size-3 shrink-0" aria-hidden />
          {t('webSearch:notes.searched', { query })}
        </p>
      ))}
      {confidence !== undefined ? (
        <p className="flex items-center gap-1" data-testid="answer-confidence" title={t('notes.confidenceHint')}>
          <Gauge className="size-3 shrink-0" aria-hidden />
          {confidenceLabel(confidence)}
          {metadata.advanced_retrieval ? t('notes.advancedRetrieval') : ''}
        </p>
      ) : null}
      {metadata.support && sources.length > 0 ? <AnswerSupportNote support={metadata.support} /> : null}
      {details ? <RetrievalDetails details={details} /> : null}
      <SourcesCard sources={sources} onOpen={onOpenSource} />
    </div>
  );
}

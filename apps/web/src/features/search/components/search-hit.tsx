import type { ConversationSearchHit } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/i18n';
import { HighlightedText } from './highlighted-text';

/** One result: the conversation's title, the matching message's snippet, when, which model, archived or not. */
export function SearchHitContent({ hit }: { hit: ConversationSearchHit }) {
  const { t } = useTranslation('search');
  return (
    <span className="grid min-w-0 gap-1">
      <span className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">
          <HighlightedText text={hit.title} highlights={hit.title_highlights} />
        </span>
        {hit.archived ? <Badge variant="secondary">{t('hit.archived')}</Badge> : null}
      </span>
      {hit.snippet ? (
        <span className="line-clamp-2 text-sm break-words text-muted-foreground">
          <HighlightedText text={hit.snippet.text} highlights={hit.snippet.highlights} />
        </span>
      ) : null}
      <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <time dateTime={hit.date}>{formatDate(hit.date, { dateStyle: 'medium' })}</time>
        {hit.model ? <span>{hit.model}</span> : null}
      </span>
    </span>
  );
}

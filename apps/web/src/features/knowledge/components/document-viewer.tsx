import { Download } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { apiPaths } from '../../../config/paths';
import { useDocument } from '../api/get-document';
import { locatePassage } from '../lib/locate-passage';

/** A place in the document to open at: the cited passage's text and, when the format has pages, its page. */
export interface CitedPassage {
  text: string;
  page?: number | null;
}

interface DocumentViewerProps {
  id: string | null;
  onClose: () => void;
  /** Scroll to and mark this passage (a source cited by an answer). */
  passage?: CitedPassage | null;
}

/** The extracted text of one document, shown as plain text (React escapes it; nothing is parsed as HTML). */
export function DocumentViewer({ id, onClose, passage }: DocumentViewerProps) {
  const { t } = useTranslation('knowledge');
  const document = useDocument(id);
  const content = document.data?.content ?? '';
  const passageText = passage?.text ?? null;
  const range = useMemo(
    () => (passageText === null ? null : locatePassage(content, passageText)),
    [content, passageText],
  );
  const mark = useRef<HTMLElement>(null);
  const start = range?.start;
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers always do.
    if (start !== undefined) mark.current?.scrollIntoView?.({ block: 'center' });
  }, [start, id]);
  const page = passage?.page ?? null;
  const description = !passage
    ? t('viewer.extracted')
    : range
      ? page
        ? t('viewer.atPassagePage', { page })
        : t('viewer.atPassage')
      : page
        ? t('viewer.notFoundPage', { page })
        : t('viewer.notFound');

  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle className="break-all">{document.data?.file_name ?? t('viewer.document')}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {document.isPending ? (
          <Spinner />
        ) : document.isError ? (
          <p className="text-sm text-destructive">{document.error.message}</p>
        ) : (
          <pre
            data-testid="document-content"
            className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words"
          >
            {!content ? (
              t('viewer.noContent')
            ) : range ? (
              <>
                {content.slice(0, range.start)}
                <mark
                  ref={mark}
                  data-testid="cited-passage"
                  className="rounded-sm bg-amber-200 text-foreground dark:bg-amber-700/60"
                >
                  {content.slice(range.start, range.end)}
                </mark>
                {content.slice(range.end)}
              </>
            ) : (
              content
            )}
          </pre>
        )}
        {id ? (
          <a href={apiPaths.knowledge.documentFile(id)} download className={buttonClasses('outline', 'sm')}>
            <Download aria-hidden /> {t('viewer.download')}
          </a>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

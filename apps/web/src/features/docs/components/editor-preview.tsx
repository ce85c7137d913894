import { TriangleAlert } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSource } from '../lib/current-page';
import { DocPageContent } from './doc-page-content';

/** The editor's live preview; a broken front matter shows why instead of a half-rendered page. */
export function EditorPreview({ source, path }: { source: string; path: string }) {
  // Typing stays responsive on long pages: the preview renders the latest text when React has time.
  const { t } = useTranslation('docs');
  const deferred = useDeferredValue(source);
  const parsed = parseSource(deferred, path);
  if (parsed.error !== undefined) {
    return (
      <div role="alert" className="flex gap-2 rounded-md border border-destructive/50 p-4 text-sm text-destructive">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div>
          <p className="font-medium">{t('editor.broken')}</p>
          <p className="mt-1">{parsed.error}</p>
        </div>
      </div>
    );
  }
  return <DocPageContent page={parsed.page} heading="h2" />;
}

import { CodeXml } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_SOURCE_URL } from '../../../config/project';

/** A link to the project's source repository, opened in a new tab without handing it this page. */
export function SourceLink({ className, children }: { className?: string; children?: ReactNode }) {
  const { t } = useTranslation('landing');
  return (
    <a href={PROJECT_SOURCE_URL} target="_blank" rel="noopener noreferrer" className={className}>
      {children ?? (
        <>
          <CodeXml aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('source.short')}</span>
          <span className="sr-only">{t('source.rest')}</span>
        </>
      )}
    </a>
  );
}

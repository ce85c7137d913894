import type { SharedMessage } from '@hearth/contract';
import type { ReactNode } from 'react';
import { FileText, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LazyMarkdown as Markdown } from '../../../components/markdown/lazy-markdown';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useSharedConversation } from '../api/shares';

/** /s/:token: the read-only snapshot behind a share link, for signed-in members (or anyone, when public). */
export function SharedConversationPage() {
  const { t } = useTranslation('sharing');
  const { token = '' } = useParams();
  const shared = useSharedConversation(token);
  if (shared.isPending) {
    return (
      <Centered>
        <Spinner label={t('page.loading')} className="size-6" />
      </Centered>
    );
  }
  if (shared.isError) {
    const status = shared.error instanceof ApiError ? shared.error.status : 0;
    return status === 401 ? <SignInNeeded /> : status === 404 ? <LinkNotFound /> : <LoadFailed />;
  }
  const { title, shared_at, messages } = shared.data;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <header className="grid gap-1 border-b pb-4">
        <p className="text-sm text-muted-foreground">{t('page.readOnly')}</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('page.sharedOn', { date: formatDate(shared_at) })}</p>
      </header>
      <ol className="grid gap-6" aria-label={t('page.messages')}>
        {messages.map((message) => (
          <SharedMessageItem key={message.id} message={message} />
        ))}
      </ol>
      <footer className="border-t pt-4 text-sm text-muted-foreground">
        {t('page.snapshot')}{' '}
        <Link to={paths.home} className="text-primary underline-offset-4 hover:underline">
          {t('page.openHearth')}
        </Link>
      </footer>
    </main>
  );
}

function SharedMessageItem({ message }: { message: SharedMessage }) {
  const { t } = useTranslation('sharing');
  const who =
    message.type === 'user'
      ? t('page.user')
      : message.type === 'assistant'
        ? (message.model ?? t('page.assistant'))
        : t('page.system');
  return (
    <li className={message.type === 'user' ? 'grid gap-1 rounded-lg bg-muted p-4' : 'grid gap-1 px-1'}>
      <p className="text-xs font-medium text-muted-foreground">{who}</p>
      {/* Model and user text go through the sanitising Markdown renderer, as in the chat. */}
      <Markdown text={message.content} className="min-w-0 break-words" />
      {message.sources.length > 0 ? (
        <section aria-label={t('page.sources')} className="mt-2 grid gap-1">
          <h2 className="text-xs font-semibold text-muted-foreground">{t('page.sources')}</h2>
          <ul className="grid gap-1">
            {message.sources.map((source) => (
              <li key={`${source.id}:${source.chunkId ?? ''}`} className="flex items-start gap-2 text-sm">
                <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0">
                  <span className="font-medium break-words">{source.fileName}</span>{' '}
                  <span className="text-muted-foreground">({source.collectionName})</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </li>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <main className="flex min-h-dvh items-center justify-center p-6 text-center">{children}</main>;
}

function SignInNeeded() {
  const { t } = useTranslation('sharing');
  return (
    <Centered>
      <div className="grid max-w-md justify-items-center gap-3">
        <Lock aria-hidden className="size-8 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">{t('page.signInTitle')}</h1>
        <p className="text-muted-foreground">{t('page.signInText')}</p>
        <Link to={paths.auth} className={buttonClasses('default')}>
          {t('page.signIn')}
        </Link>
      </div>
    </Centered>
  );
}

function LinkNotFound() {
  const { t } = useTranslation('sharing');
  return (
    <Centered>
      <div className="grid max-w-md justify-items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('page.notFoundTitle')}</h1>
        <p className="text-muted-foreground">{t('page.notFoundText')}</p>
        <Link to={paths.home} className={buttonClasses('default')}>
          {t('page.returnHome')}
        </Link>
      </div>
    </Centered>
  );
}

function LoadFailed() {
  const { t } = useTranslation('sharing');
  return (
    <Centered>
      <p role="alert" className="text-muted-foreground">
        {t('page.loadFailed')}
      </p>
    </Centered>
  );
}

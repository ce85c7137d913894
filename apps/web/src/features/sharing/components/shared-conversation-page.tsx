import type { SharedMessage } from '@hearth/contract';
import type { ReactNode } from 'react';
import { FileText, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Markdown } from '../../../components/markdown/markdown';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useSharedConversation } from '../api/shares';

/** /s/:token: the read-only snapshot behind a share link, for signed-in members (or anyone, when public). */
export function SharedConversationPage() {
  const { token = '' } = useParams();
  const shared = useSharedConversation(token);
  if (shared.isPending) {
    return (
      <Centered>
        <Spinner label="Loading shared chat" className="size-6" />
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
        <p className="text-sm text-muted-foreground">Shared chat · read-only</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        <p className="text-sm text-muted-foreground">Shared {formatDate(shared_at)}</p>
      </header>
      <ol className="grid gap-6" aria-label="Messages">
        {messages.map((message) => (
          <SharedMessageItem key={message.id} message={message} />
        ))}
      </ol>
      <footer className="border-t pt-4 text-sm text-muted-foreground">
        This is a snapshot: it does not change when the chat goes on.{' '}
        <Link to={paths.home} className="text-primary underline-offset-4 hover:underline">
          Open Hearth
        </Link>
      </footer>
    </main>
  );
}

function SharedMessageItem({ message }: { message: SharedMessage }) {
  const who =
    message.type === 'user' ? 'User' : message.type === 'assistant' ? (message.model ?? 'Assistant') : 'System';
  return (
    <li className={message.type === 'user' ? 'grid gap-1 rounded-lg bg-muted p-4' : 'grid gap-1 px-1'}>
      <p className="text-xs font-medium text-muted-foreground">{who}</p>
      {/* Model and user text go through the sanitising Markdown renderer, as in the chat. */}
      <Markdown text={message.content} className="min-w-0 break-words" />
      {message.sources.length > 0 ? (
        <section aria-label="Sources" className="mt-2 grid gap-1">
          <h2 className="text-xs font-semibold text-muted-foreground">Sources</h2>
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
  return (
    <Centered>
      <div className="grid max-w-md justify-items-center gap-3">
        <Lock aria-hidden className="size-8 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">Sign in to view this chat</h1>
        <p className="text-muted-foreground">
          This shared chat is for members of this Hearth. Sign in, then open the link again.
        </p>
        <Link to={paths.auth} className={buttonClasses('default')}>
          Sign in
        </Link>
      </div>
    </Centered>
  );
}

function LinkNotFound() {
  return (
    <Centered>
      <div className="grid max-w-md justify-items-center gap-3">
        <h1 className="text-2xl font-semibold">Shared chat not found</h1>
        <p className="text-muted-foreground">This link was revoked by its owner, or it never existed.</p>
        <Link to={paths.home} className={buttonClasses('default')}>
          Return to Home
        </Link>
      </div>
    </Centered>
  );
}

function LoadFailed() {
  return (
    <Centered>
      <p role="alert" className="text-muted-foreground">
        The shared chat could not be loaded. Check your connection and reload the page.
      </p>
    </Centered>
  );
}

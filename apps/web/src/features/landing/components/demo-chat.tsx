import { Bot, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useDemoLoop } from '../hooks/use-demo-loop';
import { DEMO_SCRIPT } from '../lib/demo-script';

/** A scripted conversation that plays on a loop; it stands still for visitors who prefer reduced motion. */
export function DemoChat() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { t } = useTranslation('landing');
  const shown = useDemoLoop(DEMO_SCRIPT.length, reducedMotion);
  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm" aria-label={t('demo.label')}>
      <div className="mb-3 flex items-center gap-2 border-b pb-3 text-sm font-medium">
        <span className="size-2 rounded-full bg-green-600" aria-hidden />
        {t('demo.title')}
      </div>
      {/* The animation is decoration: screen readers get the whole script once, not a stream of changes. */}
      <ol className="sr-only">
        {DEMO_SCRIPT.map((message) => (
          <li key={message.text}>
            {message.role === 'user' ? t('demo.you') : 'Hearth'}: {t(message.text)}
          </li>
        ))}
      </ol>
      <ol className="grid min-h-72 content-start gap-3" aria-hidden data-testid="demo-chat">
        {DEMO_SCRIPT.slice(0, shown).map((message) => (
          <li
            key={message.text}
            data-testid="demo-message"
            className={cn('flex items-start gap-2', message.role === 'user' && 'flex-row-reverse')}
          >
            {message.role === 'user' ? (
              <User className="mt-1 size-5 shrink-0 text-muted-foreground" />
            ) : (
              <Bot className="mt-1 size-5 shrink-0 text-primary" />
            )}
            <p
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                message.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted',
              )}
            >
              {t(message.text)}
            </p>
          </li>
        ))}
      </ol>
    </figure>
  );
}

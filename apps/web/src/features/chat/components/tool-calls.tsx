import type { ToolCallRecord } from '@hearth/contract';
import { Check, CircleAlert, Loader2, ShieldQuestion, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { decideToolCall } from '../api/tool-calls';

interface ToolCallsProps {
  calls: ToolCallRecord[];
  /** Set while the answer is live: a call waiting for approval can then be run or declined. */
  conversationId?: string | null;
}

/** The tool calls of an answer, folded (issue 20): name, source, status and time; arguments and result inside. */
export function ToolCalls({ calls, conversationId }: ToolCallsProps) {
  const { t } = useTranslation('toolUse');
  if (calls.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-col gap-1" aria-label={t('listLabel')} data-testid="tool-calls">
      {calls.map((call) => (
        <li key={call.id}>
          <ToolCallItem call={call} conversationId={conversationId ?? null} />
        </li>
      ))}
    </ul>
  );
}

const STATUS_KEYS = {
  awaiting_approval: 'status.awaiting_approval',
  running: 'status.running',
  done: 'status.done',
  failed: 'status.failed',
  denied: 'status.denied',
} as const;

function StatusIcon({ status }: { status: ToolCallRecord['status'] }) {
  if (status === 'running') return <Loader2 className="size-3.5 animate-spin" aria-hidden />;
  if (status === 'done') return <Check className="size-3.5 text-emerald-600" aria-hidden />;
  if (status === 'awaiting_approval') return <ShieldQuestion className="size-3.5 text-amber-600" aria-hidden />;
  if (status === 'denied') return <X className="size-3.5 text-muted-foreground" aria-hidden />;
  return <CircleAlert className="size-3.5 text-destructive" aria-hidden />;
}

function ToolCallItem({ call, conversationId }: { call: ToolCallRecord; conversationId: string | null }) {
  const { t } = useTranslation('toolUse');
  const waiting = call.status === 'awaiting_approval';
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const decide = async (approve: boolean) => {
    if (!conversationId) return;
    setPending(true);
    setFailed(null);
    try {
      const { decided } = await decideToolCall(conversationId, call.id, approve);
      if (!decided) setFailed(t('decisionGone'));
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  const status = t(STATUS_KEYS[call.status]);
  return (
    <details
      className={cn('rounded-md border text-xs', waiting && 'border-amber-500/60 bg-amber-500/5')}
      open={waiting}
      data-testid="tool-call"
      data-status={call.status}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-2 py-1.5">
        <Wrench className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="font-mono font-medium">{call.name}</span>
        <span className="text-muted-foreground">{call.source === 'Built-in' ? t('builtin') : call.source}</span>
        <span className="ms-auto flex items-center gap-1 text-muted-foreground">
          <StatusIcon status={call.status} />
          {status}
          {call.duration_ms !== null ? <span>· {t('duration', { ms: call.duration_ms })}</span> : null}
        </span>
      </summary>
      <div className="flex flex-col gap-2 border-t px-2 py-2">
        <div>
          <p className="mb-0.5 font-medium text-muted-foreground">{t('arguments')}</p>
          <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-1.5 font-mono">
            {prettyJson(call.arguments)}
          </pre>
        </div>
        {call.result !== null ? (
          <div>
            <p className="mb-0.5 font-medium text-muted-foreground">{t('result')}</p>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-1.5 font-mono">
              {call.result}
            </pre>
          </div>
        ) : null}
        {waiting && conversationId ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-foreground">{t('askFirst')}</p>
            <Button size="sm" onClick={() => void decide(true)} disabled={pending}>
              {t('approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void decide(false)} disabled={pending}>
              {t('decline')}
            </Button>
          </div>
        ) : null}
        {failed ? (
          <p role="alert" className="text-destructive">
            {failed}
          </p>
        ) : null}
      </div>
    </details>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

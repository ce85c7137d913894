import type { ApiToken } from '@hearth/contract';
import { KeyRound, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useTokens } from '../api/get-tokens';

const isExpired = (token: ApiToken): boolean =>
  token.expires_at !== null && new Date(token.expires_at).getTime() <= Date.now();

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  const { t } = useTranslation('tokens');
  return (
    <tr className="border-t">
      <td className="py-2 pr-3 font-medium">
        <span className="flex items-center gap-2">
          {token.name}
          {isExpired(token) ? <Badge variant="secondary">{t('list.expired')}</Badge> : null}
        </span>
      </td>
      <td className="py-2 pr-3 font-mono text-xs">{token.prefix}…</td>
      <td className="py-2 pr-3">{formatDate(token.created_at, undefined, '—')}</td>
      <td className="py-2 pr-3">{formatDate(token.last_used_at, undefined, t('list.never'))}</td>
      <td className="py-2 pr-3">{formatDate(token.expires_at, undefined, t('list.never'))}</td>
      <td className="py-2 text-right">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('list.revokeLabel', { name: token.name })}
          onClick={() => onRevoke(token)}
        >
          <Trash2 aria-hidden />
          {t('revoke.confirm')}
        </Button>
      </td>
    </tr>
  );
}

export function TokenList({ onRevoke }: { onRevoke: (token: ApiToken) => void }) {
  const { t } = useTranslation('tokens');
  const { data, isPending, isError, error, refetch } = useTokens();

  if (isPending) return <Spinner className="size-5 text-muted-foreground" label={t('list.loading')} />;
  if (isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
        <span>{t('list.loadFailed', { message: errorMessage(error) })}</span>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (data.tokens.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        <KeyRound className="size-6" aria-hidden />
        {t('list.empty')}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="pb-2 font-medium">{t('list.columns.name')}</th>
            <th className="pb-2 font-medium">{t('list.columns.token')}</th>
            <th className="pb-2 font-medium">{t('list.columns.created')}</th>
            <th className="pb-2 font-medium">{t('list.columns.lastUsed')}</th>
            <th className="pb-2 font-medium">{t('list.columns.expires')}</th>
            <th className="pb-2">
              <span className="sr-only">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={onRevoke} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

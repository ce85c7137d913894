import type { ApiToken } from '@hearth/contract';
import { KeyRound, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useTokens } from '../api/get-tokens';

const isExpired = (token: ApiToken): boolean =>
  token.expires_at !== null && new Date(token.expires_at).getTime() <= Date.now();

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  return (
    <tr className="border-t">
      <td className="py-2 pr-3 font-medium">
        <span className="flex items-center gap-2">
          {token.name}
          {isExpired(token) ? <Badge variant="secondary">Expired</Badge> : null}
        </span>
      </td>
      <td className="py-2 pr-3 font-mono text-xs">{token.prefix}…</td>
      <td className="py-2 pr-3">{formatDate(token.created_at, '—')}</td>
      <td className="py-2 pr-3">{formatDate(token.last_used_at)}</td>
      <td className="py-2 pr-3">{formatDate(token.expires_at)}</td>
      <td className="py-2 text-right">
        <Button variant="ghost" size="sm" aria-label={`Revoke ${token.name}`} onClick={() => onRevoke(token)}>
          <Trash2 aria-hidden />
          Revoke
        </Button>
      </td>
    </tr>
  );
}

export function TokenList({ onRevoke }: { onRevoke: (token: ApiToken) => void }) {
  const { data, isPending, isError, error, refetch } = useTokens();

  if (isPending) return <Spinner className="size-5 text-muted-foreground" label="Loading tokens" />;
  if (isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
        <span>Could not load API tokens: {errorMessage(error)}</span>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (data.tokens.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        <KeyRound className="size-6" aria-hidden />
        No API tokens yet
      </div>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="pb-2 font-medium">Name</th>
            <th className="pb-2 font-medium">Token</th>
            <th className="pb-2 font-medium">Created</th>
            <th className="pb-2 font-medium">Last used</th>
            <th className="pb-2 font-medium">Expires</th>
            <th className="pb-2">
              <span className="sr-only">Actions</span>
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

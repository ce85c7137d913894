import type { ApiToken, ApiTokenCreated } from '@hearth/contract';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiPaths } from '../../../config/paths';
import { CreateTokenForm } from './create-token-form';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenList } from './token-list';
import { TokenSecretDialog } from './token-secret-dialog';

export function TokensCard() {
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>
          Tokens let scripts and other tools use the Hearth API as you: send one in the header{' '}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>. See the{' '}
          <a href={apiPaths.apiReference} className="font-medium text-primary hover:underline">
            API reference
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateTokenForm onCreated={setCreated} />
        <TokenList onRevoke={setRevoking} />
      </CardContent>
      <TokenSecretDialog created={created} onClose={() => setCreated(null)} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

import type { ApiToken, ApiTokenCreated } from '@hearth/contract';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiPaths } from '../../../config/paths';
import { CreateTokenForm } from './create-token-form';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenList } from './token-list';
import { TokenSecretDialog } from './token-secret-dialog';

export function TokensCard() {
  const { t } = useTranslation('tokens');
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('card.title')}</CardTitle>
        <CardDescription>
          {/* The header is code: it sits in the component, not in the translation. */}
          <Trans
            t={t}
            i18nKey="card.description"
            components={{
              header: <code className="font-mono text-xs">{'Authorization: Bearer <token>'}</code>,
              reference: <a href={apiPaths.apiReference} className="font-medium text-primary hover:underline" />,
            }}
          />
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

import type { Provider } from '@hearth/contract';
import { PlugZap, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteProvider } from '../api/delete-provider';
import { useTestProvider } from '../api/test-provider';
import { AddProviderForm } from './add-provider-form';

const KIND = {
  builtin: 'kinds.builtin',
  ollama: 'kinds.ollama',
  openai: 'kinds.openai',
} as const satisfies Record<Provider['kind'], string>;
const SOURCE = {
  builtin: 'providers.source.builtin',
  env: 'providers.source.env',
  admin: 'providers.source.admin',
} as const satisfies Record<Provider['source'], string>;

/** Admins: the model runtimes Hearth talks to, their status, Test and Remove, and adding new ones. */
export function ProvidersCard({
  providers,
  loading,
  visibility,
}: {
  providers: Provider[];
  loading: boolean;
  /** Who may see a runtime's models (restricting a runtime restricts all of them). */
  visibility?: (provider: Provider) => ReactNode;
}) {
  const { t } = useTranslation('models');
  const test = useTestProvider();
  const remove = useDeleteProvider();
  const [removing, setRemoving] = useState<Provider | null>(null);

  const runTest = (provider: Provider) =>
    test.mutate(provider.id, {
      onSuccess: (result) =>
        toast(
          result.connected
            ? {
                title: t('providers.testOk'),
                description: t('providers.testOkDescription', {
                  name: provider.name,
                  models: result.models_count,
                  ms: Math.round(result.latency_ms),
                }),
              }
            : {
                title: t('providers.testFailed'),
                description: result.error ?? t('providers.unknownError'),
                variant: 'destructive',
              },
        ),
      onError: (error) =>
        toast({ title: t('providers.testFailed'), description: errorMessage(error), variant: 'destructive' }),
    });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => setRemoving(null),
      onError: (error) =>
        toast({ title: t('providers.removeFailed'), description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('providers.title')}</CardTitle>
        <CardDescription>{t('providers.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {loading ? <p className="text-sm text-muted-foreground">{t('loading')}</p> : null}
        <ul className="grid gap-2">
          {providers.map((provider) => (
            <li
              key={provider.id}
              data-testid="provider-row"
              className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
            >
              <span
                role="img"
                aria-label={provider.connected ? t('connection.connected') : t('connection.notConnected')}
                className={cn('size-2.5 rounded-full', provider.connected ? 'bg-green-500' : 'bg-red-500')}
              />
              <span className="font-medium">{provider.name}</span>
              <Badge variant="outline">{t(KIND[provider.kind])}</Badge>
              <span className="text-xs text-muted-foreground">{t(SOURCE[provider.source])}</span>
              {provider.has_api_key ? <Badge variant="secondary">{t('providers.apiKey')}</Badge> : null}
              <span className="w-full truncate text-xs text-muted-foreground sm:w-auto sm:flex-1">
                {provider.base_url ?? ''}
                {provider.error ? ` · ${provider.error}` : ''}
              </span>
              {visibility?.(provider)}
              <Button size="sm" variant="outline" onClick={() => runTest(provider)} disabled={test.isPending}>
                <PlugZap aria-hidden />
                {t('providers.test')}
              </Button>
              {provider.source === 'admin' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('providers.remove', { name: provider.name })}
                  onClick={() => setRemoving(provider)}
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        <AddProviderForm />
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('providers.confirmTitle', { name: removing?.name ?? t('providers.runtime') })}
        description={t('providers.confirmDescription')}
        confirmLabel={t('providers.confirm')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </Card>
  );
}

import type { Provider } from '@hearth/contract';
import { PlugZap, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
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

const KIND: Record<Provider['kind'], string> = { builtin: 'Built-in', ollama: 'Ollama', openai: 'OpenAI-compatible' };
const SOURCE: Record<Provider['source'], string> = {
  builtin: 'built in',
  env: 'from configuration',
  admin: 'added here',
};

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
  const test = useTestProvider();
  const remove = useDeleteProvider();
  const [removing, setRemoving] = useState<Provider | null>(null);

  const runTest = (provider: Provider) =>
    test.mutate(provider.id, {
      onSuccess: (result) =>
        toast(
          result.connected
            ? {
                title: 'Connection OK',
                description: `${provider.name}: ${result.models_count} models, ${Math.round(result.latency_ms)} ms.`,
              }
            : { title: 'Connection Failed', description: result.error ?? 'Unknown error', variant: 'destructive' },
        ),
      onError: (error) =>
        toast({ title: 'Connection Failed', description: errorMessage(error), variant: 'destructive' }),
    });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => setRemoving(null),
      onError: (error) =>
        toast({ title: 'Could not remove', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Model runtimes</CardTitle>
        <CardDescription>Where Hearth finds models. All connected runtimes are used at once.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {loading ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
        <ul className="grid gap-2">
          {providers.map((provider) => (
            <li
              key={provider.id}
              data-testid="provider-row"
              className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
            >
              <span
                role="img"
                aria-label={provider.connected ? 'Connected' : 'Not connected'}
                className={cn('size-2.5 rounded-full', provider.connected ? 'bg-green-500' : 'bg-red-500')}
              />
              <span className="font-medium">{provider.name}</span>
              <Badge variant="outline">{KIND[provider.kind]}</Badge>
              <span className="text-xs text-muted-foreground">{SOURCE[provider.source]}</span>
              {provider.has_api_key ? <Badge variant="secondary">API key configured</Badge> : null}
              <span className="w-full truncate text-xs text-muted-foreground sm:w-auto sm:flex-1">
                {provider.base_url ?? ''}
                {provider.error ? ` · ${provider.error}` : ''}
              </span>
              {visibility?.(provider)}
              <Button size="sm" variant="outline" onClick={() => runTest(provider)} disabled={test.isPending}>
                <PlugZap aria-hidden />
                Test
              </Button>
              {provider.source === 'admin' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${provider.name}`}
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
        title={`Remove ${removing?.name ?? 'runtime'}?`}
        description="Hearth stops using this runtime. Its models stay where they are."
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </Card>
  );
}

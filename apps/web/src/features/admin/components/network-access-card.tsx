import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../auth';
import { parseHostList, useNetworkSettings, useSaveNetworkSettings } from '../api/network-settings';

/**
 * Admin panel → Network: intranet hosts that user-supplied URLs (Scrape Website) may reach despite being private.
 * An instance setting, so it lives with the admin settings, not in anyone's personal Settings.
 */
export function NetworkAccessCard() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return <NetworkAccessForm />;
}

function NetworkAccessForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const settings = useNetworkSettings(true);
  const save = useSaveNetworkSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const saved = settings.data?.allowed_hosts.join('\n') ?? '';
  const text = draft ?? saved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { allowed_hosts: parseHostList(text) },
      {
        onSuccess: (result) => {
          setDraft(null);
          toast({
            title: t('network.saved'),
            description: result.allowed_hosts.length
              ? t('network.savedHosts', { count: result.allowed_hosts.length })
              : t('network.savedPublicOnly'),
          });
        },
        onError: (error) =>
          toast({ title: t('network.saveFailed'), description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('network.title')}</CardTitle>
        <CardDescription>{t('network.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label={t('network.loading')} />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('network.loadFailed', { message: settings.error.message })}
          </p>
        ) : (
          <form onSubmit={submit} className="grid gap-3">
            <label htmlFor={id} className="text-sm font-medium">
              {t('network.hosts')}
            </label>
            <textarea
              id={id}
              aria-describedby={`${id}-help`}
              value={text}
              onChange={(event) => setDraft(event.target.value)}
              rows={5}
              spellCheck={false}
              placeholder={'wiki.corp\n10.20.0.0/16'}
              disabled={save.isPending}
              className="rounded-md border bg-background px-3 py-2 font-mono text-sm"
            />
            <p id={`${id}-help`} className="text-xs text-muted-foreground">
              {t('network.hostsHelp')}
            </p>
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending || draft === null}>
                {save.isPending ? <Spinner label={t('network.saving')} /> : null}
                {t('common.save')}
              </Button>
              {draft !== null ? (
                <Button type="button" variant="outline" onClick={() => setDraft(null)} disabled={save.isPending}>
                  {t('network.discard')}
                </Button>
              ) : null}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

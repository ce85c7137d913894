import { useId, useState, type FormEvent } from 'react';
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
            title: 'Network access saved',
            description: result.allowed_hosts.length
              ? `${result.allowed_hosts.length} intranet ${result.allowed_hosts.length === 1 ? 'host is' : 'hosts are'} allowed.`
              : 'Only public addresses can be reached.',
          });
        },
        onError: (error) =>
          toast({ title: 'Could not save network access', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Network access</CardTitle>
        <CardDescription>
          Website scraping reaches public addresses only. List intranet hosts it may also reach: host names (wiki.corp,
          *.corp.example), IP addresses or CIDR ranges (10.20.0.0/16). Cloud metadata and link-local addresses are
          always blocked.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading network access" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the network settings: {settings.error.message}
          </p>
        ) : (
          <form onSubmit={submit} className="grid gap-3">
            <label htmlFor={id} className="text-sm font-medium">
              Allowed intranet hosts
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
              One per line. Leave empty to allow public addresses only.
            </p>
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending || draft === null}>
                {save.isPending ? <Spinner label="Saving" /> : null}
                Save
              </Button>
              {draft !== null ? (
                <Button type="button" variant="outline" onClick={() => setDraft(null)} disabled={save.isPending}>
                  Discard changes
                </Button>
              ) : null}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

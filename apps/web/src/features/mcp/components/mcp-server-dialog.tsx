import type { McpServer, McpTransport } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { useMcpAudiences, useSaveMcpServer } from '../api/mcp';
import { parseEnv } from '../lib/env-lines';

interface McpServerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server to edit; null adds one. */
  server: McpServer | null;
  stdioCommands: string[];
}

type UserAuth = 'none' | 'key' | 'oauth';

/**
 * The body's `oauth_client`: left out when nothing changed (the stored secret is kept), null when the id was
 * cleared, else the id with the secret typed (none typed: a public client).
 */
function oauthClientField(oauth: boolean, savedId: string | null, id: string, secret: string) {
  if (!oauth) return {};
  if (id === (savedId ?? '') && secret === '') return {};
  if (id === '') return { oauth_client: null };
  return { oauth_client: secret ? { client_id: id, client_secret: secret } : { client_id: id } };
}

const fieldClass = 'min-h-16 rounded-md border border-input bg-background px-2 py-1 font-mono text-sm';

/** Add or change an MCP server: how to reach it, users' own keys, who may use it. */
export function McpServerDialog({ open, onOpenChange, server, stdioCommands }: McpServerDialogProps) {
  const { t } = useTranslation('mcp');
  const id = useId();
  const save = useSaveMcpServer();
  const audiences = useMcpAudiences(open);
  const [name, setName] = useState(server?.name ?? '');
  const [transport, setTransport] = useState<McpTransport>(server?.transport ?? 'http');
  const [command, setCommand] = useState(server?.command ?? stdioCommands[0] ?? '');
  const [args, setArgs] = useState((server?.args ?? []).join('\n'));
  const [env, setEnv] = useState('');
  const [url, setUrl] = useState(server?.url ?? '');
  const [userAuth, setUserAuth] = useState<UserAuth>(
    server?.user_oauth ? 'oauth' : server?.user_credential ? 'key' : 'none',
  );
  const [clientId, setClientId] = useState(server?.oauth_client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const needsKey = userAuth === 'key';
  const oauth = userAuth === 'oauth' && transport === 'http';
  const [keyName, setKeyName] = useState(server?.user_credential?.name ?? 'Authorization');
  const [keyTemplate, setKeyTemplate] = useState(server?.user_credential?.template ?? 'Bearer {key}');
  const [everyone, setEveryone] = useState(server?.everyone ?? true);
  const [organizations, setOrganizations] = useState<string[]>(server?.organization_ids ?? []);
  const [groups, setGroups] = useState<string[]>(server?.group_ids ?? []);
  const [enabled, setEnabled] = useState(server?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);

  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedEnv = parseEnv(env);
    if (parsedEnv === null) {
      setError(t('form.envInvalid'));
      return;
    }
    setError(null);
    const body = {
      name: name.trim(),
      transport,
      command: transport === 'stdio' ? command.trim() : null,
      args: transport === 'stdio' ? args.split('\n').filter((line) => line.trim() !== '') : [],
      ...(env.trim() !== '' || server === null ? { env: parsedEnv } : {}),
      url: transport === 'http' ? url.trim() : null,
      user_credential: needsKey ? { name: keyName.trim(), template: keyTemplate.trim() } : null,
      user_oauth: oauth,
      ...oauthClientField(oauth, server?.oauth_client_id ?? null, clientId.trim(), clientSecret.trim()),
      everyone,
      organization_ids: everyone ? [] : organizations,
      group_ids: everyone ? [] : groups,
      enabled,
    };
    save.mutate(
      { id: server?.id ?? null, body },
      { onSuccess: () => onOpenChange(false), onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{server ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-3" aria-label={t('form.label')}>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-name`}>{t('form.name')}</Label>
            <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-transport`}>{t('form.transport')}</Label>
            <select
              id={`${id}-transport`}
              value={transport}
              onChange={(event) => setTransport(event.target.value as McpTransport)}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            >
              <option value="http">{t('form.transportHttp')}</option>
              <option value="stdio">{t('form.transportStdio')}</option>
            </select>
          </div>
          {transport === 'http' ? (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-url`}>{t('form.url')}</Label>
              <Input
                id={`${id}-url`}
                type="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://mcp.example.com/mcp"
                required
              />
            </div>
          ) : (
            <>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-command`}>{t('form.command')}</Label>
                <Input
                  id={`${id}-command`}
                  value={command}
                  onChange={(event) => setCommand(event.target.value)}
                  list={`${id}-commands`}
                  required
                  aria-describedby={`${id}-command-help`}
                />
                <datalist id={`${id}-commands`}>
                  {stdioCommands.map((entry) => (
                    <option key={entry} value={entry} />
                  ))}
                </datalist>
                <p id={`${id}-command-help`} className="text-xs text-muted-foreground">
                  {stdioCommands.length > 0
                    ? t('form.commandAllowed', { commands: stdioCommands.join(', ') })
                    : t('form.stdioDisabled')}
                </p>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-args`}>{t('form.args')}</Label>
                <textarea
                  id={`${id}-args`}
                  value={args}
                  onChange={(event) => setArgs(event.target.value)}
                  className={fieldClass}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-env`}>{t('form.env')}</Label>
                <textarea
                  id={`${id}-env`}
                  value={env}
                  onChange={(event) => setEnv(event.target.value)}
                  placeholder={t('form.envPlaceholder')}
                  className={fieldClass}
                  aria-describedby={`${id}-env-help`}
                />
                <p id={`${id}-env-help`} className="text-xs text-muted-foreground">
                  {server && server.env_names.length > 0
                    ? t('form.envKept', { names: server.env_names.join(', ') })
                    : t('form.envHelp')}
                </p>
              </div>
            </>
          )}
          <div className="grid gap-1">
            <Label htmlFor={`${id}-user-auth`}>{t('form.userAuth')}</Label>
            <select
              id={`${id}-user-auth`}
              value={oauth ? 'oauth' : needsKey ? 'key' : 'none'}
              onChange={(event) => setUserAuth(event.target.value as UserAuth)}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              aria-describedby={oauth ? `${id}-oauth-help` : undefined}
            >
              <option value="none">{t('form.userAuthNone')}</option>
              <option value="key">{t('form.needsKey')}</option>
              {transport === 'http' ? <option value="oauth">{t('form.userAuthOAuth')}</option> : null}
            </select>
            {oauth ? (
              <p id={`${id}-oauth-help`} className="text-xs text-muted-foreground">
                {t('form.oauthHelp')}
              </p>
            ) : null}
          </div>
          {oauth ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-client-id`}>{t('form.oauthClientId')}</Label>
                <Input
                  id={`${id}-client-id`}
                  value={clientId}
                  onChange={(event) => setClientId(event.target.value)}
                  autoComplete="off"
                  aria-describedby={`${id}-client-help`}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-client-secret`}>{t('form.oauthClientSecret')}</Label>
                <Input
                  id={`${id}-client-secret`}
                  type="password"
                  value={clientSecret}
                  onChange={(event) => setClientSecret(event.target.value)}
                  autoComplete="off"
                  placeholder={server?.oauth_client_id ? t('form.oauthClientSecretKept') : undefined}
                />
              </div>
              <p id={`${id}-client-help`} className="text-xs text-muted-foreground sm:col-span-2">
                {t('form.oauthClientHelp', { callback: `${window.location.origin}/api/mcp/oauth/callback` })}
              </p>
            </div>
          ) : null}
          {needsKey ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-key-name`}>
                  {transport === 'http' ? t('form.keyHeader') : t('form.keyEnv')}
                </Label>
                <Input id={`${id}-key-name`} value={keyName} onChange={(event) => setKeyName(event.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-key-template`}>{t('form.keyTemplate')}</Label>
                <Input
                  id={`${id}-key-template`}
                  value={keyTemplate}
                  onChange={(event) => setKeyTemplate(event.target.value)}
                />
              </div>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <Switch id={`${id}-everyone`} checked={everyone} onCheckedChange={setEveryone} />
            <Label htmlFor={`${id}-everyone`}>{t('form.everyone')}</Label>
          </div>
          {!everyone ? (
            <fieldset className="grid gap-1 text-sm">
              <legend className="mb-1 font-medium">{t('form.audience')}</legend>
              {(audiences.organizations.data?.organizations ?? []).map((organization) => (
                <label key={organization.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={organizations.includes(organization.id)}
                    onChange={() => setOrganizations((list) => toggle(list, organization.id))}
                  />
                  {t('form.organization', { name: organization.name })}
                </label>
              ))}
              {(audiences.groups.data?.groups ?? []).map((group) => (
                <label key={group.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={groups.includes(group.id)}
                    onChange={() => setGroups((list) => toggle(list, group.id))}
                  />
                  {t('form.group', { name: group.name })}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="flex items-center gap-2">
            <Switch id={`${id}-enabled`} checked={enabled} onCheckedChange={setEnabled} />
            <Label htmlFor={`${id}-enabled`}>{t('form.enabled')}</Label>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={save.isPending}>
            {t('form.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

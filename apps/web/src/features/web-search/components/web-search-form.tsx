import {
  WEB_SEARCH_DEFAULT_BASE_URLS,
  WEB_SEARCH_MAX_RESULTS,
  type WebSearchProviderKind,
  type WebSearchSettings,
} from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { useSaveWebSearchSettings } from '../api/web-search';
import { WebSearchTest } from './web-search-test';

const PROVIDER_LABELS: Record<WebSearchProviderKind, string> = {
  searxng: 'SearXNG',
  brave: 'Brave Search',
  tavily: 'Tavily',
};

interface WebSearchFormProps {
  settings: WebSearchSettings;
  /** Super admins change the settings; other admins read them. */
  canEdit: boolean;
}

/** The provider, its address and key, how many results are read, and the on/off switch. */
export function WebSearchForm({ settings, canEdit }: WebSearchFormProps) {
  const { t } = useTranslation('webSearch');
  const id = useId();
  const save = useSaveWebSearchSettings();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [provider, setProvider] = useState<WebSearchProviderKind>(settings.provider);
  const [baseUrl, setBaseUrl] = useState(settings.base_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [results, setResults] = useState(String(settings.results));
  const disabled = !canEdit || save.isPending;
  const defaultUrl = WEB_SEARCH_DEFAULT_BASE_URLS[provider];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        enabled,
        provider,
        base_url: baseUrl.trim() || null,
        ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}),
        ...(clearKey ? { clear_api_key: true } : {}),
        results: Number(results) || settings.results,
      },
      {
        onSuccess: (saved) => {
          setApiKey('');
          setClearKey(false);
          toast({ title: saved.enabled ? t('form.savedOn') : t('form.savedOff') });
        },
        onError: (error) => toast({ title: t('form.saveFailed'), description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={submit} className="grid gap-3" aria-label={t('form.label')}>
        <div className="flex items-center gap-2">
          <Switch id={`${id}-enabled`} checked={enabled} onCheckedChange={setEnabled} disabled={disabled} />
          <Label htmlFor={`${id}-enabled`}>{t('form.enabled')}</Label>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-provider`}>{t('form.provider')}</Label>
          <select
            id={`${id}-provider`}
            value={provider}
            onChange={(event) => setProvider(event.target.value as WebSearchProviderKind)}
            disabled={disabled}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            {(Object.keys(PROVIDER_LABELS) as WebSearchProviderKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {PROVIDER_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-url`}>{t('form.baseUrl')}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            placeholder={defaultUrl ?? 'http://searxng.lan:8080'}
            disabled={disabled}
            aria-describedby={`${id}-url-help`}
          />
          <p id={`${id}-url-help`} className="text-xs text-muted-foreground">
            {defaultUrl ? t('form.baseUrlDefault', { url: defaultUrl }) : t('form.baseUrlRequired')}
          </p>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-key`}>{t('form.apiKey')}</Label>
          <Input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            placeholder={settings.api_key_configured ? t('form.apiKeyStored') : ''}
            disabled={disabled}
          />
          {settings.api_key_configured && canEdit ? (
            <label className="flex items-center gap-2 text-xs">
              <input type="checkbox" checked={clearKey} onChange={(event) => setClearKey(event.target.checked)} />
              {t('form.clearKey')}
            </label>
          ) : null}
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-results`}>{t('form.results')}</Label>
          <Input
            id={`${id}-results`}
            type="number"
            min={1}
            max={WEB_SEARCH_MAX_RESULTS}
            value={results}
            onChange={(event) => setResults(event.target.value)}
            disabled={disabled}
            className="w-24"
          />
        </div>
        <p className="text-xs text-muted-foreground">{t('form.privacy')}</p>
        {canEdit ? (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner label={t('form.saving')} /> : null}
              {t('form.save')}
            </Button>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t('form.superAdminOnly')}</p>
        )}
      </form>
      {canEdit ? <WebSearchTest /> : null}
    </div>
  );
}

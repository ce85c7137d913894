import type { GithubIntegration } from '@hearth/contract';
import { CheckCircle2, GitBranch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useGithubIntegration, useSaveGithubIntegration, useTestGithubIntegration } from '../api/github-integration';
import { RELEASE_MESSAGE_KEYS } from '../lib/messages';

/** The GitHub integration, kept on the server; the token is write-only (the page only learns "configured"). */
export function GithubIntegrationCard() {
  const { t } = useTranslation('releases');
  const integration = useGithubIntegration();
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <GitBranch className="size-5" aria-hidden /> {t('github.title')}
        </h2>
        {integration.data?.configured ? (
          <Badge variant="secondary">
            <CheckCircle2 className="mr-1 size-3" aria-hidden /> {t('github.configured')}
          </Badge>
        ) : integration.data ? (
          <Badge variant="outline">{t('github.notConfigured')}</Badge>
        ) : null}
      </div>
      {integration.isPending ? <Spinner label={t('github.loading')} /> : null}
      {integration.isError ? (
        <div role="alert" className="flex items-center justify-between gap-4">
          <p className="text-sm text-destructive">{t('github.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void integration.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {integration.data ? <GithubForm key={integration.data.updated_at ?? 'new'} saved={integration.data} /> : null}
    </Card>
  );
}

function GithubForm({ saved }: { saved: GithubIntegration }) {
  const { t } = useTranslation('releases');
  const [owner, setOwner] = useState(saved.owner ?? '');
  const [repo, setRepo] = useState(saved.repo ?? '');
  const [token, setToken] = useState('');
  const [webhook, setWebhook] = useState(saved.deployment_webhook_url ?? '');
  const [workflow, setWorkflow] = useState(saved.workflow_id ?? '');
  const [environment, setEnvironment] = useState(saved.environment);
  const [apiBaseUrl, setApiBaseUrl] = useState(saved.api_base_url);
  const save = useSaveGithubIntegration();
  const test = useTestGithubIntegration();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!owner.trim() || !repo.trim() || (!token.trim() && !saved.token_configured)) {
      toast({
        title: t(RELEASE_MESSAGE_KEYS.missingConfiguration),
        description: t(RELEASE_MESSAGE_KEYS.missingConfigurationDescription),
        variant: 'destructive',
      });
      return;
    }
    save.mutate(
      {
        owner: owner.trim(),
        repo: repo.trim(),
        token: token.trim() || undefined,
        deployment_webhook_url: webhook.trim() || null,
        workflow_id: workflow.trim() || null,
        environment: environment.trim() || null,
        api_base_url: apiBaseUrl.trim() || null,
      },
      {
        onSuccess: () => {
          setToken('');
          toast({ title: t('github.saved'), description: `${owner.trim()}/${repo.trim()}` });
        },
        onError: (error) =>
          toast({
            title: t(RELEASE_MESSAGE_KEYS.saveGithubFailed),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  }

  function runTest() {
    if (!saved.configured) {
      toast({
        title: t(RELEASE_MESSAGE_KEYS.notConfigured),
        description: t(RELEASE_MESSAGE_KEYS.notConfiguredDescription),
        variant: 'destructive',
      });
      return;
    }
    test.mutate(undefined, {
      onSuccess: (result) =>
        result.ok
          ? toast({
              title: t('github.connected'),
              description: t('github.connectedDescription', { repository: result.repository ?? 'GitHub' }),
            })
          : toast({
              title: t(RELEASE_MESSAGE_KEYS.connectionFailed),
              description: result.error ?? t(RELEASE_MESSAGE_KEYS.unknownError),
              variant: 'destructive',
            }),
      onError: (error) =>
        toast({
          title:
            isApiError(error) && error.code === 'github_not_configured'
              ? t(RELEASE_MESSAGE_KEYS.notConfigured)
              : t(RELEASE_MESSAGE_KEYS.connectionFailed),
          description: errorMessage(error) || t(RELEASE_MESSAGE_KEYS.unknownError),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={save.isPending} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('github.owner')}
          value={owner}
          onValueChange={setOwner}
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label={t('github.repository')}
          value={repo}
          onValueChange={setRepo}
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label={t('github.token')}
          hint={saved.token_configured ? t('github.tokenConfigured') : t('github.tokenScopes')}
          type="password"
          value={token}
          onValueChange={setToken}
          placeholder={saved.token_configured ? t('github.tokenKeep') : 'ghp_...'}
          autoComplete="new-password"
          maxLength={500}
          className="sm:col-span-2"
        />
        <TextField
          label={t('github.webhook')}
          hint={t('github.optional')}
          type="url"
          value={webhook}
          onValueChange={setWebhook}
          placeholder="https://deploy.example.com/hooks/hearth"
          className="sm:col-span-2"
        />
        <TextField
          label={t('github.workflow')}
          hint={t('github.workflowHint')}
          value={workflow}
          onValueChange={setWorkflow}
          maxLength={200}
        />
        <TextField label={t('github.environment')} value={environment} onValueChange={setEnvironment} maxLength={100} />
        <TextField
          label={t('github.apiBaseUrl')}
          hint={t('github.apiBaseUrlHint')}
          type="url"
          value={apiBaseUrl}
          onValueChange={setApiBaseUrl}
          className="sm:col-span-2"
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('github.saving') : t('github.save')}
        </Button>
        <Button variant="outline" onClick={runTest} disabled={test.isPending}>
          {test.isPending ? t('github.testing') : t('github.test')}
        </Button>
      </div>
    </form>
  );
}

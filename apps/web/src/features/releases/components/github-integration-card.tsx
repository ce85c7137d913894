import type { GithubIntegration } from '@hearth/contract';
import { CheckCircle2, GitBranch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useGithubIntegration, useSaveGithubIntegration, useTestGithubIntegration } from '../api/github-integration';
import { RELEASE_MESSAGES } from '../lib/messages';

/** The GitHub integration, kept on the server; the token is write-only (the page only learns "configured"). */
export function GithubIntegrationCard() {
  const integration = useGithubIntegration();
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <GitBranch className="size-5" aria-hidden /> GitHub Integration
        </h2>
        {integration.data?.configured ? (
          <Badge variant="secondary">
            <CheckCircle2 className="mr-1 size-3" aria-hidden /> Configured
          </Badge>
        ) : integration.data ? (
          <Badge variant="outline">Not configured</Badge>
        ) : null}
      </div>
      {integration.isPending ? <Spinner label="Loading GitHub integration" /> : null}
      {integration.isError ? (
        <div role="alert" className="flex items-center justify-between gap-4">
          <p className="text-sm text-destructive">Could not load the GitHub integration.</p>
          <Button variant="outline" size="sm" onClick={() => void integration.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {integration.data ? <GithubForm key={integration.data.updated_at ?? 'new'} saved={integration.data} /> : null}
    </Card>
  );
}

function GithubForm({ saved }: { saved: GithubIntegration }) {
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
        title: RELEASE_MESSAGES.missingConfiguration,
        description: RELEASE_MESSAGES.missingConfigurationDescription,
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
          toast({ title: 'GitHub configuration saved', description: `${owner.trim()}/${repo.trim()}` });
        },
        onError: (error) =>
          toast({ title: RELEASE_MESSAGES.saveGithubFailed, description: errorMessage(error), variant: 'destructive' }),
      },
    );
  }

  function runTest() {
    if (!saved.configured) {
      toast({
        title: RELEASE_MESSAGES.notConfigured,
        description: RELEASE_MESSAGES.notConfiguredDescription,
        variant: 'destructive',
      });
      return;
    }
    test.mutate(undefined, {
      onSuccess: (result) =>
        result.ok
          ? toast({ title: 'Connection Successful', description: `Connected to ${result.repository ?? 'GitHub'}.` })
          : toast({
              title: RELEASE_MESSAGES.connectionFailed,
              description: result.error ?? RELEASE_MESSAGES.unknownError,
              variant: 'destructive',
            }),
      onError: (error) =>
        toast({
          title:
            isApiError(error) && error.code === 'github_not_configured'
              ? RELEASE_MESSAGES.notConfigured
              : RELEASE_MESSAGES.connectionFailed,
          description: errorMessage(error) || RELEASE_MESSAGES.unknownError,
          variant: 'destructive',
        }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={save.isPending} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Owner" value={owner} onValueChange={setOwner} required autoComplete="off" maxLength={100} />
        <TextField
          label="Repository"
          value={repo}
          onValueChange={setRepo}
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label="Access token"
          hint={saved.token_configured ? 'configured' : 'scopes: repo, write:packages, admin:repo_hook'}
          type="password"
          value={token}
          onValueChange={setToken}
          placeholder={saved.token_configured ? 'Leave empty to keep the stored token' : 'ghp_...'}
          autoComplete="new-password"
          maxLength={500}
          className="sm:col-span-2"
        />
        <TextField
          label="Deployment webhook URL"
          hint="Optional"
          type="url"
          value={webhook}
          onValueChange={setWebhook}
          placeholder="https://deploy.example.com/hooks/hearth"
          className="sm:col-span-2"
        />
        <TextField
          label="Workflow to dispatch"
          hint="Optional, e.g. deploy.yml"
          value={workflow}
          onValueChange={setWorkflow}
          maxLength={200}
        />
        <TextField label="Environment" value={environment} onValueChange={setEnvironment} maxLength={100} />
        <TextField
          label="API base URL"
          hint="GitHub Enterprise: https://host/api/v3"
          type="url"
          value={apiBaseUrl}
          onValueChange={setApiBaseUrl}
          className="sm:col-span-2"
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Configuration'}
        </Button>
        <Button variant="outline" onClick={runTest} disabled={test.isPending}>
          {test.isPending ? 'Testing...' : 'Test Connection'}
        </Button>
      </div>
    </form>
  );
}

import type { AppVersion } from '@hearth/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, isApiError } from '../../../lib/api-error';
import {
  useDeleteVersion,
  useDeployViaGithub,
  useRollbackViaGithub,
  useSetVersionStatus,
} from '../api/version-mutations';
import { RELEASE_MESSAGES } from '../lib/messages';
import { versionActions } from '../lib/release-rules';

const failed = (title: string, error: unknown) =>
  toast({
    // Spec §5: a GitHub action without a configured integration says so.
    title: isApiError(error) && error.code === 'github_not_configured' ? RELEASE_MESSAGES.githubNotConfigured : title,
    description: errorMessage(error) || RELEASE_MESSAGES.unknownError,
    variant: 'destructive',
  });

type Confirm = 'deploy' | 'github' | 'rollback' | 'githubRollback' | 'delete';

const CONFIRM_TEXT: Record<Confirm, { title: string; label: string; text: (v: string) => string }> = {
  deploy: { title: 'Deploy version', label: 'Deploy', text: (v) => `Version ${v} goes live and every user is told.` },
  github: {
    title: 'Deploy via GitHub',
    label: 'Deploy via GitHub',
    text: (v) => `A GitHub release and deployment are created for ${v}; then it goes live and every user is told.`,
  },
  rollback: { title: 'Roll back version', label: 'Roll back', text: (v) => `Version ${v} is marked rolled back.` },
  githubRollback: {
    title: 'Roll back via GitHub',
    label: 'Roll back via GitHub',
    text: (v) => `The GitHub release of ${v} becomes a draft prerelease and the version is marked rolled back.`,
  },
  delete: {
    title: 'Delete version',
    label: 'Delete',
    text: (v) => `Version ${v} and its deployment logs are deleted.`,
  },
};

/** The buttons a version's state offers; deploys, rollbacks and deletes ask first. */
export function VersionActions({ version, githubConfigured }: { version: AppVersion; githubConfigured: boolean }) {
  const actions = versionActions(version, githubConfigured);
  const setStatus = useSetVersionStatus();
  const remove = useDeleteVersion();
  const deploy = useDeployViaGithub();
  const rollback = useRollbackViaGithub();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const busy = setStatus.isPending || remove.isPending || deploy.isPending || rollback.isPending;
  const label = version.version;
  const close = () => setConfirm(null);

  const run = (which: Confirm | 'stage') => {
    const done = (title: string, description: string) => {
      close();
      toast({ title, description });
    };
    const onError = (title: string) => (error: unknown) => {
      close();
      failed(title, error);
    };
    if (which === 'stage' || which === 'deploy' || which === 'rollback') {
      const to = which === 'stage' ? 'staged' : which === 'deploy' ? 'live' : 'rollback';
      setStatus.mutate(
        { id: version.id, deployment_status: to },
        {
          onSuccess: () => done('Version updated', `Version ${label} is now ${to}.`),
          onError: onError(RELEASE_MESSAGES.statusFailed),
        },
      );
    } else if (which === 'github') {
      deploy.mutate(version.id, {
        onSuccess: () => done('Deployment Complete', `Version ${label} was deployed via GitHub.`),
        onError: onError(RELEASE_MESSAGES.deploymentFailed),
      });
    } else if (which === 'githubRollback') {
      rollback.mutate(version.id, {
        onSuccess: () => done('Rollback Complete', `The GitHub release of ${label} is a draft again.`),
        onError: onError(RELEASE_MESSAGES.rollbackFailed),
      });
    } else {
      remove.mutate(version.id, {
        onSuccess: () => done('Version deleted', `Version ${label} was deleted.`),
        onError: onError(RELEASE_MESSAGES.deleteFailed),
      });
    }
  };

  const button = (key: Confirm | 'stage', text: string, variant: 'outline' | 'default' | 'destructive' = 'outline') => (
    <Button
      key={key}
      size="sm"
      variant={variant}
      disabled={busy}
      onClick={() => (key === 'stage' ? run('stage') : setConfirm(key))}
    >
      {text}
    </Button>
  );

  return (
    <div role="group" aria-label={`Actions for version ${label}`} className="flex flex-wrap justify-end gap-1">
      {actions.stage ? button('stage', 'Stage') : null}
      {actions.deploy ? button('deploy', 'Deploy', 'default') : null}
      {actions.deployViaGithub ? button('github', 'Deploy via GitHub') : null}
      {actions.rollback ? button('rollback', 'Rollback') : null}
      {actions.rollbackViaGithub ? button('githubRollback', 'GitHub Rollback') : null}
      {actions.delete ? button('delete', 'Delete', 'destructive') : null}
      {confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : close())}
          title={CONFIRM_TEXT[confirm].title}
          description={CONFIRM_TEXT[confirm].text(label)}
          confirmLabel={busy ? 'Working...' : CONFIRM_TEXT[confirm].label}
          destructive={confirm === 'delete' || confirm === 'rollback' || confirm === 'githubRollback'}
          pending={busy}
          onConfirm={() => run(confirm)}
        />
      ) : null}
    </div>
  );
}

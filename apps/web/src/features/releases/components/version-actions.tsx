import type { AppVersion } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { RELEASE_MESSAGE_KEYS } from '../lib/messages';
import { versionActions } from '../lib/release-rules';

const failed = (t: TFunction<'releases'>, title: string, error: unknown) =>
  toast({
    // Spec §5: a GitHub action without a configured integration says so.
    title:
      isApiError(error) && error.code === 'github_not_configured' ? t(RELEASE_MESSAGE_KEYS.githubNotConfigured) : title,
    description: errorMessage(error) || t(RELEASE_MESSAGE_KEYS.unknownError),
    variant: 'destructive',
  });

type Confirm = 'deploy' | 'github' | 'rollback' | 'githubRollback' | 'delete';

/** Keys into the releases namespace; each text takes {{version}}. */
const CONFIRM_TEXT = {
  deploy: { title: 'confirm.deploy.title', label: 'confirm.deploy.label', text: 'confirm.deploy.text' },
  github: { title: 'confirm.github.title', label: 'confirm.github.label', text: 'confirm.github.text' },
  rollback: { title: 'confirm.rollback.title', label: 'confirm.rollback.label', text: 'confirm.rollback.text' },
  githubRollback: {
    title: 'confirm.githubRollback.title',
    label: 'confirm.githubRollback.label',
    text: 'confirm.githubRollback.text',
  },
  delete: { title: 'confirm.delete.title', label: 'confirm.delete.label', text: 'confirm.delete.text' },
} as const satisfies Record<Confirm, { title: string; label: string; text: string }>;

const NOW_KEYS = { staged: 'actions.nowStaged', live: 'actions.nowLive', rollback: 'actions.nowRollback' } as const;

/** The buttons a version's state offers; deploys, rollbacks and deletes ask first. */
export function VersionActions({ version, githubConfigured }: { version: AppVersion; githubConfigured: boolean }) {
  const { t } = useTranslation('releases');
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
      failed(t, title, error);
    };
    if (which === 'stage' || which === 'deploy' || which === 'rollback') {
      const to = which === 'stage' ? 'staged' : which === 'deploy' ? 'live' : 'rollback';
      setStatus.mutate(
        { id: version.id, deployment_status: to },
        {
          onSuccess: () => done(t('actions.updated'), t(NOW_KEYS[to], { version: label })),
          onError: onError(t(RELEASE_MESSAGE_KEYS.statusFailed)),
        },
      );
    } else if (which === 'github') {
      deploy.mutate(version.id, {
        onSuccess: () => done(t('actions.deployed'), t('actions.deployedDescription', { version: label })),
        onError: onError(t(RELEASE_MESSAGE_KEYS.deploymentFailed)),
      });
    } else if (which === 'githubRollback') {
      rollback.mutate(version.id, {
        onSuccess: () => done(t('actions.rolledBack'), t('actions.rolledBackDescription', { version: label })),
        onError: onError(t(RELEASE_MESSAGE_KEYS.rollbackFailed)),
      });
    } else {
      remove.mutate(version.id, {
        onSuccess: () => done(t('actions.deleted'), t('actions.deletedDescription', { version: label })),
        onError: onError(t(RELEASE_MESSAGE_KEYS.deleteFailed)),
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
    <div role="group" aria-label={t('actions.label', { version: label })} className="flex flex-wrap justify-end gap-1">
      {actions.stage ? button('stage', t('actions.stage')) : null}
      {actions.deploy ? button('deploy', t('actions.deploy'), 'default') : null}
      {actions.deployViaGithub ? button('github', t('actions.deployViaGithub')) : null}
      {actions.rollback ? button('rollback', t('actions.rollback')) : null}
      {actions.rollbackViaGithub ? button('githubRollback', t('actions.githubRollback')) : null}
      {actions.delete ? button('delete', t('actions.delete'), 'destructive') : null}
      {confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : close())}
          title={t(CONFIRM_TEXT[confirm].title)}
          description={t(CONFIRM_TEXT[confirm].text, { version: label })}
          confirmLabel={busy ? t('confirm.working') : t(CONFIRM_TEXT[confirm].label)}
          destructive={confirm === 'delete' || confirm === 'rollback' || confirm === 'githubRollback'}
          pending={busy}
          onConfirm={() => run(confirm)}
        />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useGithubIntegration } from '../api/github-integration';
import { DeploymentLogs } from './deployment-logs';
import { GithubIntegrationCard } from './github-integration-card';
import { VersionList } from './version-list';

/** The admin dashboard's Updates tab (super admins): versions, deployment logs and the GitHub integration. */
export function UpdatesTab() {
  const [selected, setSelected] = useState<string | null>(null);
  const github = useGithubIntegration();
  return (
    <div className="grid gap-6">
      <VersionList githubConfigured={github.data?.configured ?? false} selectedId={selected} onSelect={setSelected} />
      <DeploymentLogs versionId={selected} onShowAll={() => setSelected(null)} />
      <GithubIntegrationCard />
    </div>
  );
}

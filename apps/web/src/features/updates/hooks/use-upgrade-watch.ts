import { compareVersions, HealthResponse } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPaths } from '../../../config/paths';

/** How often /health is asked while an upgrade runs, and how long before the page says it is taking too long. */
export const HEALTH_POLL_MS = 3000;
export const UPGRADE_WATCH_MS = 15 * 60 * 1000;

export type UpgradeWatch =
  | { phase: 'idle' }
  | { phase: 'waiting'; target: string; reported: string | null }
  | { phase: 'done'; target: string }
  | { phase: 'slow'; target: string; reported: string | null };

/** What /health says the answering server runs; null while it does not answer (restarting). */
async function reportedVersion(signal: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(apiPaths.health, { signal, cache: 'no-store' });
    const parsed = HealthResponse.safeParse(await response.json());
    return parsed.success ? parsed.data.version : null;
  } catch {
    return null;
  }
}

/**
 * After Upgrade now: asks /health every few seconds until the server reports the target version. Only that
 * answer counts as upgraded; a webhook that was accepted proves nothing.
 */
export function useUpgradeWatch(target: string | null): UpgradeWatch {
  // The target that has been waited for too long (a new target starts afresh).
  const [slowTarget, setSlowTarget] = useState<string | null>(null);
  const health = useQuery({
    queryKey: ['upgrade-watch', target] as const,
    queryFn: ({ signal }) => reportedVersion(signal),
    enabled: target !== null,
    refetchInterval: (query) =>
      query.state.data && target && compareVersions(query.state.data, target) >= 0 ? false : HEALTH_POLL_MS,
    gcTime: 0,
  });
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => setSlowTarget(target), UPGRADE_WATCH_MS);
    return () => clearTimeout(timer);
  }, [target]);
  if (!target) return { phase: 'idle' };
  const reported = health.data ?? null;
  if (reported && compareVersions(reported, target) >= 0) return { phase: 'done', target };
  return slowTarget === target ? { phase: 'slow', target, reported } : { phase: 'waiting', target, reported };
}

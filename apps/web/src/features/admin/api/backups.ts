import type { BackupOverview, BackupRunAccepted, BackupSettings, BackupSettingsBody } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const backupsKey = ['admin', 'backups'] as const;

/** GET /api/admin/backups (super admins): the schedule, the last backup and its result. Polls while one runs. */
export const useBackups = (enabled = true) =>
  useQuery({
    queryKey: backupsKey,
    queryFn: ({ signal }) => api.get<BackupOverview>(apiPaths.admin.backups, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.last?.result === 'running' ? 1500 : 60_000),
  });

/** PUT /api/admin/backups/settings. */
export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupSettingsBody) => api.put<BackupSettings>(apiPaths.admin.backupSettings, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** POST /api/admin/backups/run: the backup runs as a job; the overview is polled until it ends. */
export function useRunBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BackupRunAccepted>(apiPaths.admin.backupRun),
    onSuccess: () => {
      // The job may take a moment to start: look again shortly, then follow it while it runs.
      void queryClient.invalidateQueries({ queryKey: backupsKey });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: backupsKey }), 1000);
    },
  });
}

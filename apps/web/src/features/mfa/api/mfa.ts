import type { MfaDisableBody, MfaEnrolment, MfaRecoveryCodes, MfaStatus, OkResponse } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const mfaQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'mfa'] as const,
    queryFn: ({ signal }) => api.get<MfaStatus>(apiPaths.auth.mfa, signal),
  });

/** Two-factor status; only asked while someone is signed in. */
export const useMfaStatus = (enabled = true) => useQuery({ ...mfaQueryOptions(), enabled });

function useMfaMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaQueryOptions().queryKey }),
  });
}

export const useStartEnrolment = () =>
  useMutation({ mutationFn: () => api.post<MfaEnrolment>(apiPaths.auth.mfaEnrol) });

/** Confirming does not refresh the status at once: the recovery codes are shown first. */
export const useConfirmEnrolment = () =>
  useMutation({ mutationFn: (code: string) => api.post<MfaRecoveryCodes>(apiPaths.auth.mfaConfirm, { code }) });

export const useDisableMfa = () =>
  useMfaMutation((body: MfaDisableBody) => api.post<OkResponse>(apiPaths.auth.mfaDisable, body));

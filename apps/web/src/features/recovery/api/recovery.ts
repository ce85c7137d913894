import type {
  EmailVerificationStatus,
  ForgotPasswordBody,
  OkResponse,
  RecoveryOptions,
  ResetPasswordBody,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const keys = {
  options: ['recovery', 'options'] as const,
  verification: (userId: string | undefined) => ['recovery', 'verification', userId] as const,
};

/** Whether mail is set up (then /auth offers "Forgot password?"); it changes only with a restart. */
export const useRecoveryOptions = () =>
  useQuery({
    queryKey: keys.options,
    queryFn: ({ signal }) => api.get<RecoveryOptions>(apiPaths.auth.recoveryOptions, signal),
    staleTime: Infinity,
  });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: ForgotPasswordBody) => api.post<OkResponse>(apiPaths.auth.forgotPassword, body) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => api.post<OkResponse>(apiPaths.auth.resetPassword, body) });

export const useVerifyEmail = () =>
  useMutation({ mutationFn: (token: string) => api.post<OkResponse>(apiPaths.auth.verifyEmail, { token }) });

/** The signed-in account's verification state (for the banner). */
export const useEmailVerification = (userId: string | undefined) =>
  useQuery({
    queryKey: keys.verification(userId),
    queryFn: ({ signal }) => api.get<EmailVerificationStatus>(apiPaths.auth.emailVerification, signal),
    enabled: userId !== undefined,
    staleTime: 60_000,
  });

export const useResendVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OkResponse>(apiPaths.auth.resendVerification),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['recovery', 'verification'] }),
  });
};

import type { SignupBody, SignupResponse } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const signup = (body: SignupBody): Promise<SignupResponse> =>
  api.post<SignupResponse>(apiPaths.auth.signup, body);

export const useSignup = () => useMutation({ mutationFn: signup });

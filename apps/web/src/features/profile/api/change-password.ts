import type { OkResponse, PasswordChangeBody } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const changePassword = (body: PasswordChangeBody): Promise<OkResponse> =>
  api.post<OkResponse>(apiPaths.auth.password, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

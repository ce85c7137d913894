import type { SignupAccepted, SignupBody, SignupResponse } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** With mail set up, the answer is `{check_email: true}` whether the address was free or not (weakness 7). */
export const signup = (body: SignupBody): Promise<SignupResponse | SignupAccepted> =>
  api.post<SignupResponse | SignupAccepted>(apiPaths.auth.signup, body);

export const useSignup = () => useMutation({ mutationFn: signup });

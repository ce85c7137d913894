import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useLogout } from '../../auth';
import { TotpEnrolment } from './totp-enrolment';

/**
 * Shown instead of the app to someone the admin policy requires to use two-factor sign-in who has not set it
 * up: the server answers nothing else for their session until they do.
 */
export function EnrolmentRequiredScreen() {
  const { t } = useTranslation('mfa');
  const queryClient = useQueryClient();
  const logout = useLogout();
  // Enrolment lifts the session's limit: every cached refusal is stale now.
  const done = () => void queryClient.invalidateQueries();
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            {t('setUp')}
          </CardTitle>
          <CardDescription>{t('required.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TotpEnrolment onDone={done} />
          <div>
            <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {t('required.signOut')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

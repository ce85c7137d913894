import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { mfaQueryOptions, useDisableMfa, useMfaStatus } from '../api/mfa';
import { TotpEnrolment } from './totp-enrolment';

/** Settings: turn two-factor sign-in on (authenticator app + recovery codes) or off. */
export function TwoFactorCard() {
  const { t } = useTranslation('mfa');
  const status = useMfaStatus();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const done = () => {
    setEnrolling(false);
    void queryClient.invalidateQueries({ queryKey: mfaQueryOptions().queryKey });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('card.title')}
          {status.data?.enabled ? <Badge>{t('card.on')}</Badge> : <Badge variant="secondary">{t('card.off')}</Badge>}
        </CardTitle>
        <CardDescription>
          {t('card.description')}
          {status.data?.required ? ` ${t('card.required')}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? <Spinner className="size-5 text-muted-foreground" label={t('card.loading')} /> : null}
        {status.isError ? <p className="text-sm text-destructive">{errorMessage(status.error)}</p> : null}
        {status.data && !status.data.enabled ? (
          enrolling ? (
            <TotpEnrolment onDone={done} onCancel={() => setEnrolling(false)} />
          ) : (
            <Button onClick={() => setEnrolling(true)}>{t('setUp')}</Button>
          )
        ) : null}
        {status.data?.enabled ? (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              {t('card.onSince', {
                date: formatDate(status.data.enabled_at, undefined, '—'),
                left: status.data.recovery_codes_left,
              })}
            </p>
            {status.data.required ? null : <DisableForm />}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DisableForm() {
  const { t } = useTranslation('mfa');
  const disable = useDisableMfa();
  const [proof, setProof] = useState('');
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = proof.trim();
    if (!value || disable.isPending) return;
    // Six digits is a code from the app; anything else is the password.
    const body = /^\d{6}$/.test(value.replace(/\s/g, '')) ? { code: value.replace(/\s/g, '') } : { password: proof };
    try {
      await disable.mutateAsync(body);
    } catch (error) {
      toast({ title: t('disable.failed'), description: errorMessage(error), variant: 'destructive' });
      return;
    }
    setProof('');
    toast({ title: t('disable.done') });
  };
  return (
    <form className="grid gap-3 sm:max-w-sm" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('disable.proof')}
        type="password"
        autoComplete="current-password"
        value={proof}
        onValueChange={setProof}
        disabled={disable.isPending}
      />
      <div>
        <Button type="submit" variant="destructive" disabled={disable.isPending || !proof.trim()}>
          {disable.isPending ? <Spinner label={t('disable.turningOff')} /> : null}
          {t('disable.turnOff')}
        </Button>
      </div>
    </form>
  );
}

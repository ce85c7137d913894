import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { mfaQueryOptions, useDisableMfa, useMfaStatus } from '../api/mfa';
import { TotpEnrolment } from './totp-enrolment';

/** Settings: turn two-factor sign-in on (authenticator app + recovery codes) or off. */
export function TwoFactorCard() {
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
          Two-factor authentication
          {status.data?.enabled ? <Badge>On</Badge> : <Badge variant="secondary">Off</Badge>}
        </CardTitle>
        <CardDescription>
          After your password, Hearth asks for a code from an authenticator app on your phone.
          {status.data?.required ? ' Your administrator requires it for your account.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? <Spinner className="size-5 text-muted-foreground" label="Loading" /> : null}
        {status.isError ? <p className="text-sm text-destructive">{errorMessage(status.error)}</p> : null}
        {status.data && !status.data.enabled ? (
          enrolling ? (
            <TotpEnrolment onDone={done} onCancel={() => setEnrolling(false)} />
          ) : (
            <Button onClick={() => setEnrolling(true)}>Set up two-factor authentication</Button>
          )
        ) : null}
        {status.data?.enabled ? (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              On since {formatDate(status.data.enabled_at, '—')}. {status.data.recovery_codes_left} of 10 recovery codes
              left.
            </p>
            {status.data.required ? null : <DisableForm />}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DisableForm() {
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
      toast({ title: 'Could not turn off', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    setProof('');
    toast({ title: 'Two-factor authentication is off' });
  };
  return (
    <form className="grid gap-3 sm:max-w-sm" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Current code or password"
        type="password"
        autoComplete="current-password"
        value={proof}
        onValueChange={setProof}
        disabled={disable.isPending}
      />
      <div>
        <Button type="submit" variant="destructive" disabled={disable.isPending || !proof.trim()}>
          {disable.isPending ? <Spinner label="Turning off" /> : null}
          Turn off two-factor
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useConfirmEnrolment, useStartEnrolment } from '../api/mfa';
import { RecoveryCodes } from './recovery-codes';

/**
 * Setting up an authenticator app: a QR code (and the secret as text, for typing in), a first code to prove it
 * works, then the recovery codes, shown this once. `onDone` runs when the person has seen the codes.
 */
export function TotpEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('mfa');
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recovery_codes} onDone={onDone} />;

  if (!start.data) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? <Spinner label={t('enrol.starting')} /> : null}
          {t('enrol.start')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
        {start.isError ? (
          <p role="alert" className="w-full text-sm text-destructive">
            {errorMessage(start.error)}
          </p>
        ) : null}
      </div>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    try {
      await confirm.mutateAsync(code.replace(/\s/g, ''));
    } catch (error) {
      toast({ title: t('enrol.codeRejected'), description: errorMessage(error), variant: 'destructive' });
      setCode('');
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          {t('enrol.scan')}
          <img
            src={start.data.qr_code}
            alt={t('enrol.qrAlt')}
            className="mt-2 size-48 rounded-md border bg-white p-1"
          />
        </li>
        <li>
          {t('enrol.key')}{' '}
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-1 font-mono text-xs">
            {start.data.secret}
          </code>
        </li>
        <li>{t('enrol.enterCode')}</li>
      </ol>
      <TextField
        label={t('enrol.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        value={code}
        onValueChange={setCode}
        disabled={confirm.isPending}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending || code.trim().length < 6}>
          {confirm.isPending ? <Spinner label={t('enrol.verifying')} /> : null}
          {t('enrol.turnOn')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

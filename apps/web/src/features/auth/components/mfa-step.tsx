import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useLoginWithCode } from '../api/login-mfa';
import { toastAuthFailure } from './auth-toasts';

interface MfaStepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to the password form (a challenge expires after 5 minutes or 5 wrong codes). */
  onCancel: () => void;
}

/** After the password: the 6-digit code from the authenticator app, or one of the recovery codes. */
export function MfaStep({ challenge, onSignedIn, onCancel }: MfaStepProps) {
  const mutation = useLoginWithCode();
  const { t } = useTranslation('auth');
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const submitting = mutation.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered || submitting) return;
    try {
      await mutation.mutateAsync(
        useRecovery ? { challenge, recovery_code: entered } : { challenge, code: entered.replace(/\s/g, '') },
      );
    } catch (error) {
      toastAuthFailure(error, { failed: t('toast.signInFailed'), unexpected: t('toast.signInError') });
      setValue('');
      return;
    }
    onSignedIn();
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
      <p className="text-sm text-muted-foreground">{useRecovery ? t('mfa.recoveryHint') : t('mfa.codeHint')}</p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('mfa.recoveryCode')}
          autoComplete="off"
          required
          autoFocus
          value={value}
          onValueChange={setValue}
          disabled={submitting}
        />
      ) : (
        <TextField
          key="code"
          label={t('mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          required
          autoFocus
          value={value}
          onValueChange={setValue}
          disabled={submitting}
        />
      )}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner label={t('mfa.verifying')} /> : null}
        {t('mfa.verify')}
      </Button>
      <div className="flex justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? t('mfa.useAuthenticator') : t('mfa.useRecovery')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t('mfa.back')}
        </Button>
      </div>
    </form>
  );
}

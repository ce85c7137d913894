import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useVerifyEmail } from '../api/recovery';
import { linkToken } from '../lib/link-token';
import { LinkPageFrame } from './link-page-frame';

/** /verify-email#token=…: confirms the address as soon as it opens. */
export function VerifyEmailPage() {
  const { t } = useTranslation('recovery');
  const token = linkToken(useLocation().hash);
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once: the link works once, and a second call would report it as used.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const title = verify.isSuccess
    ? t('verify.verified')
    : verify.isError || !token
      ? t('verify.invalid')
      : t('verify.verifyingTitle');
  const description = verify.isSuccess
    ? t('verify.thanks')
    : verify.isError && isApiError(verify.error)
      ? verify.error.message
      : !token
        ? t('verify.incomplete')
        : t('verify.oneMoment');
  return (
    <LinkPageFrame title={title} description={description}>
      {verify.isPending ? (
        <Spinner label={t('verify.verifying')} />
      ) : (
        <Link to={paths.home} className={cn(buttonClasses(), 'w-full')}>
          {t('verify.continue')}
        </Link>
      )}
    </LinkPageFrame>
  );
}

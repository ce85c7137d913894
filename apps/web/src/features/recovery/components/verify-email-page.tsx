import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
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
  const token = linkToken(useLocation().hash);
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once: the link works once, and a second call would report it as used.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const title = verify.isSuccess ? 'E-mail verified' : verify.isError || !token ? 'Link not valid' : 'Verifying...';
  const description = verify.isSuccess
    ? 'Thank you: your e-mail address is confirmed.'
    : verify.isError && isApiError(verify.error)
      ? verify.error.message
      : !token
        ? 'This link is incomplete. Open the whole link from the mail.'
        : 'One moment.';
  return (
    <LinkPageFrame title={title} description={description}>
      {verify.isPending ? (
        <Spinner label="Verifying" />
      ) : (
        <Link to={paths.home} className={cn(buttonClasses(), 'w-full')}>
          Continue to Hearth
        </Link>
      )}
    </LinkPageFrame>
  );
}

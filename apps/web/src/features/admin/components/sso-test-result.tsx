import type { SsoTestResult } from '@hearth/contract';
import { useTranslation } from 'react-i18next';

/** What a test sign-in found: the verdict first, then the groups and everything the provider sent. */
export function SsoTestResultView({ result }: { result: SsoTestResult }) {
  const { t } = useTranslation('admin');
  const verdict = result.error
    ? result.error
    : result.mapping?.allowed
      ? t('sso.test.allowed', {
          role: result.mapping.role ?? t('sso.test.unchanged'),
          organisation: result.mapping.organization_id ?? t('sso.test.unchanged'),
        })
      : t('sso.test.refused', { reason: result.mapping?.reason ?? t('sso.test.unknownReason') });
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm" role="status" aria-label={t('sso.test.label')}>
      <p className={result.error || !result.mapping?.allowed ? 'text-destructive' : ''}>{verdict}</p>
      <p>
        {t('sso.test.groups', { groups: result.groups.length > 0 ? result.groups.join(', ') : t('sso.test.none') })} ·{' '}
        {t('sso.test.email', { email: result.email ?? t('sso.test.none') })}
        {result.email_verified ? ` ${t('sso.test.verified')}` : ''}
      </p>
      <pre className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs">
        {JSON.stringify(result.claims, null, 2)}
      </pre>
    </div>
  );
}

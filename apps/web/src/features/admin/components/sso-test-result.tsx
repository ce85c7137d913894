import type { SsoTestResult } from '@hearth/contract';

/** What a test sign-in found: the verdict first, then the groups and everything the provider sent. */
export function SsoTestResultView({ result }: { result: SsoTestResult }) {
  const verdict = result.error
    ? result.error
    : result.mapping?.allowed
      ? `Allowed: role ${result.mapping.role ?? 'unchanged'}, organisation ${result.mapping.organization_id ?? 'unchanged'}`
      : `Refused: ${result.mapping?.reason ?? 'unknown reason'}`;
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm" role="status" aria-label="Test result">
      <p className={result.error || !result.mapping?.allowed ? 'text-destructive' : ''}>{verdict}</p>
      <p>
        Groups: {result.groups.length > 0 ? result.groups.join(', ') : '(none)'} · E-mail: {result.email ?? '(none)'}
        {result.email_verified ? ' (verified)' : ''}
      </p>
      <pre className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs">
        {JSON.stringify(result.claims, null, 2)}
      </pre>
    </div>
  );
}

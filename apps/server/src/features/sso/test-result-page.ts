import type { SsoTestResult } from '@hearth/contract';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page a test sign-in ends on (in the popup the admin opened): the claims received and the mapping's verdict,
 * as plain escaped text (no script, so the strict content security policy holds).
 */
export function testResultPage(result: SsoTestResult): string {
  const verdict = result.error
    ? `Error: ${result.error}`
    : result.mapping?.allowed
      ? `Allowed — role: ${result.mapping.role ?? 'unchanged'}, organisation: ${result.mapping.organization_id ?? 'unchanged'}`
      : `Refused — ${result.mapping?.reason ?? 'unknown reason'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test sign-in result</title></head>
<body>
<h1>Test sign-in result</h1>
<p>Nobody was signed in. Close this tab to return to the settings.</p>
<p id="sso-test-verdict">${escapeHtml(verdict)}</p>
<h2>Groups</h2>
<p id="sso-test-groups">${escapeHtml(result.groups.join(', ') || '(none)')}</p>
<h2>Everything received</h2>
<pre id="sso-test-result">${escapeHtml(JSON.stringify(result, null, 2))}</pre>
</body></html>`;
}

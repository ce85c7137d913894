import type { LdapSettingsBody, OidcSettingsBody, SsoSettings } from '@hearth/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { describeAuthError } from '../../../lib/password-reasons';
import { useSsoSettings, useUpdateSsoSettings } from '../api/sso-settings';
import { LdapSettingsFields } from './sso-ldap-fields';
import { OidcSettingsFields } from './sso-oidc-fields';

/** Admin → Single sign-on (super admins): OIDC and LDAP / Active Directory, each with a test sign-in. */
export function SsoSettingsTab() {
  const settings = useSsoSettings();
  if (settings.isPending) return <Spinner label="Loading single sign-on settings" />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the single sign-on settings.
      </p>
    );
  }
  return <SsoForm initial={settings.data} />;
}

/** The form starts from what the server has; secrets start empty (empty keeps the stored one). */
function SsoForm({ initial }: { initial: SsoSettings }) {
  const { client_secret_set: secretSet, ...oidcRest } = initial.oidc;
  const { bind_password_set: passwordSet, ...ldapRest } = initial.ldap;
  const [oidc, setOidc] = useState<OidcSettingsBody>({ ...oidcRest, client_secret: '' });
  const [ldap, setLdap] = useState<LdapSettingsBody>({ ...ldapRest, bind_password: '' });
  const update = useUpdateSsoSettings();

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { oidc, ldap },
      {
        onSuccess: () => {
          toast({ title: 'Single sign-on settings saved' });
          setOidc((current) => ({ ...current, client_secret: '' }));
          setLdap((current) => ({ ...current, bind_password: '' }));
        },
        onError: (error) => toast({ title: 'Error', description: describeAuthError(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-6" aria-label="Single sign-on settings">
      <Card>
        <CardHeader>
          <CardTitle>OpenID Connect</CardTitle>
          <CardDescription>
            Sign in with your identity provider (Keycloak, Authentik, Entra ID, Google, ...). Register the callback URL{' '}
            {`${window.location.origin}/api/auth/oidc/callback`} at the provider.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <OidcSettingsFields value={oidc} onChange={setOidc} secretSet={secretSet} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>LDAP / Active Directory</CardTitle>
          <CardDescription>
            A service account finds the user with the filter; the user&apos;s own password is checked by the directory.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LdapSettingsFields value={ldap} onChange={setLdap} passwordSet={passwordSet} />
        </CardContent>
      </Card>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner label="Saving" /> : null}
          Save single sign-on settings
        </Button>
        <p className="text-xs text-muted-foreground">Save before testing: tests use the saved settings.</p>
      </div>
    </form>
  );
}

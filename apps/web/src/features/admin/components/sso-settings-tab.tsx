import type { LdapSettingsBody, OidcSettingsBody, SsoSettings } from '@hearth/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const settings = useSsoSettings();
  if (settings.isPending) return <Spinner label={t('sso.loading')} />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('sso.loadFailed')}
      </p>
    );
  }
  return <SsoForm initial={settings.data} />;
}

/** The form starts from what the server has; secrets start empty (empty keeps the stored one). */
function SsoForm({ initial }: { initial: SsoSettings }) {
  const { t } = useTranslation('admin');
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
          toast({ title: t('sso.saved') });
          setOidc((current) => ({ ...current, client_secret: '' }));
          setLdap((current) => ({ ...current, bind_password: '' }));
        },
        onError: (error) =>
          toast({ title: t('common.error'), description: describeAuthError(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-6" aria-label={t('sso.label')}>
      <Card>
        <CardHeader>
          <CardTitle>{t('sso.oidcTitle')}</CardTitle>
          <CardDescription>
            {t('sso.oidcDescription', { url: `${window.location.origin}/api/auth/oidc/callback` })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <OidcSettingsFields value={oidc} onChange={setOidc} secretSet={secretSet} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('sso.ldapTitle')}</CardTitle>
          <CardDescription>{t('sso.ldapDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <LdapSettingsFields value={ldap} onChange={setLdap} passwordSet={passwordSet} />
        </CardContent>
      </Card>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner label={t('network.saving')} /> : null}
          {t('sso.save')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('sso.saveBeforeTesting')}</p>
      </div>
    </form>
  );
}

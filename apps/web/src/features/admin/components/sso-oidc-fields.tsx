import type { OidcSettingsBody } from '@hearth/contract';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { describeAuthError } from '../../../lib/password-reasons';
import { useStartOidcTest } from '../api/sso-settings';
import { Checkbox } from './settings-fields';
import { SsoMappingFields } from './sso-mapping-fields';

export function OidcSettingsFields({
  value,
  onChange,
  secretSet,
}: {
  value: OidcSettingsBody;
  onChange: (next: OidcSettingsBody) => void;
  secretSet: boolean;
}) {
  const { t } = useTranslation('admin');
  const set = <K extends keyof OidcSettingsBody>(key: K, next: OidcSettingsBody[K]) =>
    onChange({ ...value, [key]: next });
  const test = useStartOidcTest();

  // The popup is opened before the request so that browsers treat it as the click's own window.
  function startTest() {
    const popup = window.open('about:blank', 'hearth-sso-test');
    test.mutate(undefined, {
      onSuccess: (started) => {
        if (started.authorization_url) {
          if (popup) popup.location.href = started.authorization_url;
          else window.location.href = started.authorization_url;
          return;
        }
        popup?.close();
        toast({ title: t('sso.oidc.testFailed'), description: started.error ?? '', variant: 'destructive' });
      },
      onError: (error) => {
        popup?.close();
        toast({ title: t('common.error'), description: describeAuthError(error), variant: 'destructive' });
      },
    });
  }

  return (
    <div className="grid gap-3">
      <Checkbox label={t('sso.oidc.enable')} checked={value.enabled} onChange={(checked) => set('enabled', checked)} />
      <TextField
        label={t('sso.oidc.buttonName')}
        hint={t('sso.oidc.buttonNameHint')}
        value={value.display_name}
        onValueChange={(v) => set('display_name', v)}
      />
      <TextField
        label={t('sso.oidc.issuer')}
        type="url"
        value={value.issuer_url}
        onValueChange={(v) => set('issuer_url', v)}
      />
      <TextField label={t('sso.oidc.clientId')} value={value.client_id} onValueChange={(v) => set('client_id', v)} />
      <TextField
        label={t('sso.oidc.clientSecret')}
        type="password"
        autoComplete="new-password"
        hint={secretSet ? t('sso.secretSet') : t('sso.secretNotSet')}
        value={value.client_secret ?? ''}
        onValueChange={(v) => set('client_secret', v)}
      />
      <TextField label={t('sso.oidc.scopes')} value={value.scopes} onValueChange={(v) => set('scopes', v)} />
      <TextField
        label={t('sso.oidc.groupsClaim')}
        value={value.groups_claim}
        onValueChange={(v) => set('groups_claim', v)}
      />
      <SsoMappingFields value={value} onChange={(mapping) => onChange({ ...value, ...mapping })} prefix="OIDC" />
      <div className="grid gap-1">
        <Button variant="outline" className="justify-self-start" onClick={startTest} disabled={test.isPending}>
          <FlaskConical aria-hidden />
          {t('sso.oidc.test')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('sso.oidc.testHelp')}</p>
      </div>
    </div>
  );
}

import type { LdapSettingsBody } from '@hearth/contract';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { describeAuthError } from '../../../lib/password-reasons';
import { useLdapTest } from '../api/sso-settings';
import { Checkbox } from './settings-fields';
import { SsoMappingFields } from './sso-mapping-fields';
import { SsoTestResultView } from './sso-test-result';

export function LdapSettingsFields({
  value,
  onChange,
  passwordSet,
}: {
  value: LdapSettingsBody;
  onChange: (next: LdapSettingsBody) => void;
  passwordSet: boolean;
}) {
  const { t } = useTranslation('admin');
  const set = <K extends keyof LdapSettingsBody>(key: K, next: LdapSettingsBody[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-3">
      <Checkbox label={t('sso.ldap.enable')} checked={value.enabled} onChange={(checked) => set('enabled', checked)} />
      <TextField
        label={t('sso.ldap.url')}
        hint={t('sso.ldap.urlHint')}
        value={value.url}
        onValueChange={(v) => set('url', v)}
      />
      <Checkbox
        label={t('sso.ldap.startTls')}
        checked={value.start_tls}
        onChange={(checked) => set('start_tls', checked)}
      />
      <TextField
        label={t('sso.ldap.bindDn')}
        hint={t('sso.ldap.bindDnHint')}
        value={value.bind_dn}
        onValueChange={(v) => set('bind_dn', v)}
      />
      <TextField
        label={t('sso.ldap.bindPassword')}
        type="password"
        autoComplete="new-password"
        hint={passwordSet ? t('sso.secretSet') : t('sso.secretNotSet')}
        value={value.bind_password ?? ''}
        onValueChange={(v) => set('bind_password', v)}
      />
      <TextField
        label={t('sso.ldap.searchBase')}
        value={value.search_base}
        onValueChange={(v) => set('search_base', v)}
      />
      <TextField
        label={t('sso.ldap.userFilter')}
        hint={t('sso.ldap.userFilterHint', { placeholder: '{{username}}' })}
        value={value.user_filter}
        onValueChange={(v) => set('user_filter', v)}
      />
      <TextField
        label={t('sso.ldap.emailAttribute')}
        value={value.email_attribute}
        onValueChange={(v) => set('email_attribute', v)}
      />
      <TextField
        label={t('sso.ldap.nameAttribute')}
        value={value.name_attribute}
        onValueChange={(v) => set('name_attribute', v)}
      />
      <TextField
        label={t('sso.ldap.groupAttribute')}
        hint={t('sso.ldap.groupAttributeHint')}
        value={value.group_attribute}
        onValueChange={(v) => set('group_attribute', v)}
      />
      <TextField
        label={t('sso.ldap.groupSearchBase')}
        hint={t('sso.optional')}
        value={value.group_search_base}
        onValueChange={(v) => set('group_search_base', v)}
      />
      <TextField
        label={t('sso.ldap.groupFilter')}
        hint={t('sso.ldap.groupFilterHint', { placeholder: '{{dn}}' })}
        value={value.group_filter}
        onValueChange={(v) => set('group_filter', v)}
      />
      <SsoMappingFields value={value} onChange={(mapping) => onChange({ ...value, ...mapping })} prefix="LDAP" />
      <LdapTest />
    </div>
  );
}

function LdapTest() {
  const { t } = useTranslation('admin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const test = useLdapTest();
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{t('sso.ldap.test')}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <TextField label={t('sso.ldap.testUser')} className="flex-1" value={username} onValueChange={setUsername} />
        <TextField
          label={t('sso.ldap.testPassword')}
          type="password"
          autoComplete="off"
          className="flex-1"
          value={password}
          onValueChange={setPassword}
        />
        <Button
          variant="outline"
          disabled={test.isPending || !username || !password}
          onClick={() =>
            test.mutate(
              { username, password },
              {
                onError: (error) =>
                  toast({ title: t('common.error'), description: describeAuthError(error), variant: 'destructive' }),
              },
            )
          }
        >
          <FlaskConical aria-hidden />
          {t('sso.ldap.test')}
        </Button>
      </div>
      {test.data ? <SsoTestResultView result={test.data} /> : null}
    </fieldset>
  );
}

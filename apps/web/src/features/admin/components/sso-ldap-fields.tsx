import type { LdapSettingsBody } from '@hearth/contract';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
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
  const set = <K extends keyof LdapSettingsBody>(key: K, next: LdapSettingsBody[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-3">
      <Checkbox label="Enable LDAP sign-in" checked={value.enabled} onChange={(checked) => set('enabled', checked)} />
      <TextField label="LDAP URL" hint="ldap:// or ldaps://" value={value.url} onValueChange={(v) => set('url', v)} />
      <Checkbox label="Use StartTLS" checked={value.start_tls} onChange={(checked) => set('start_tls', checked)} />
      <TextField
        label="Bind DN"
        hint="service account"
        value={value.bind_dn}
        onValueChange={(v) => set('bind_dn', v)}
      />
      <TextField
        label="Bind password"
        type="password"
        autoComplete="new-password"
        hint={passwordSet ? 'set — leave empty to keep it' : 'not set'}
        value={value.bind_password ?? ''}
        onValueChange={(v) => set('bind_password', v)}
      />
      <TextField label="Search base" value={value.search_base} onValueChange={(v) => set('search_base', v)} />
      <TextField
        label="User filter"
        hint="{{username}} is replaced, escaped"
        value={value.user_filter}
        onValueChange={(v) => set('user_filter', v)}
      />
      <TextField
        label="E-mail attribute"
        value={value.email_attribute}
        onValueChange={(v) => set('email_attribute', v)}
      />
      <TextField label="Name attribute" value={value.name_attribute} onValueChange={(v) => set('name_attribute', v)} />
      <TextField
        label="Group attribute"
        hint="memberOf; ignored when a group search base is set"
        value={value.group_attribute}
        onValueChange={(v) => set('group_attribute', v)}
      />
      <TextField
        label="Group search base"
        hint="optional"
        value={value.group_search_base}
        onValueChange={(v) => set('group_search_base', v)}
      />
      <TextField
        label="Group filter"
        hint="{{dn}} is the user's DN"
        value={value.group_filter}
        onValueChange={(v) => set('group_filter', v)}
      />
      <SsoMappingFields value={value} onChange={(mapping) => onChange({ ...value, ...mapping })} prefix="LDAP" />
      <LdapTest />
    </div>
  );
}

function LdapTest() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const test = useLdapTest();
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Test LDAP sign-in</legend>
      <div className="flex flex-wrap items-end gap-2">
        <TextField label="Test user name" className="flex-1" value={username} onValueChange={setUsername} />
        <TextField
          label="Test password"
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
                  toast({ title: 'Error', description: describeAuthError(error), variant: 'destructive' }),
              },
            )
          }
        >
          <FlaskConical aria-hidden />
          Test LDAP sign-in
        </Button>
      </div>
      {test.data ? <SsoTestResultView result={test.data} /> : null}
    </fieldset>
  );
}

import type { OidcSettingsBody } from '@hearth/contract';
import { FlaskConical } from 'lucide-react';
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
        toast({ title: 'Test sign-in failed', description: started.error ?? '', variant: 'destructive' });
      },
      onError: (error) => {
        popup?.close();
        toast({ title: 'Error', description: describeAuthError(error), variant: 'destructive' });
      },
    });
  }

  return (
    <div className="grid gap-3">
      <Checkbox label="Enable OIDC sign-in" checked={value.enabled} onChange={(checked) => set('enabled', checked)} />
      <TextField
        label="Button name"
        hint='"Sign in with …"'
        value={value.display_name}
        onValueChange={(v) => set('display_name', v)}
      />
      <TextField label="Issuer URL" type="url" value={value.issuer_url} onValueChange={(v) => set('issuer_url', v)} />
      <TextField label="Client ID" value={value.client_id} onValueChange={(v) => set('client_id', v)} />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        hint={secretSet ? 'set — leave empty to keep it' : 'not set'}
        value={value.client_secret ?? ''}
        onValueChange={(v) => set('client_secret', v)}
      />
      <TextField label="Scopes" value={value.scopes} onValueChange={(v) => set('scopes', v)} />
      <TextField label="Groups claim" value={value.groups_claim} onValueChange={(v) => set('groups_claim', v)} />
      <SsoMappingFields value={value} onChange={(mapping) => onChange({ ...value, ...mapping })} prefix="OIDC" />
      <div className="grid gap-1">
        <Button variant="outline" className="justify-self-start" onClick={startTest} disabled={test.isPending}>
          <FlaskConical aria-hidden />
          Test OIDC sign-in
        </Button>
        <p className="text-xs text-muted-foreground">
          Opens the provider in a new tab; sign in there as any user to see the claims Hearth receives and what the
          mapping makes of them. Nobody is signed in to Hearth.
        </p>
      </div>
    </div>
  );
}

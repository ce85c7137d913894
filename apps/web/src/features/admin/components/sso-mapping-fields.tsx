import type { AssignableRole, SsoAccountCreation, SsoGroupRule } from '@hearth/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { Checkbox } from './settings-fields';

export interface MappingValues {
  account_creation: SsoAccountCreation;
  require_group: boolean;
  rules: SsoGroupRule[];
  allowed_domains: string[];
}

const ROLES: AssignableRole[] = ['user', 'moderator', 'admin'];

/** The part OIDC and LDAP share: who may sign in, and which groups give which role and organisation. */
export function SsoMappingFields({
  value,
  onChange,
  prefix,
}: {
  value: MappingValues;
  onChange: (next: MappingValues) => void;
  prefix: string;
}) {
  const creationId = useId();
  const setRule = (index: number, patch: Partial<SsoGroupRule>) =>
    onChange({ ...value, rules: value.rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) });
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={creationId}>{prefix} accounts</Label>
        <select
          id={creationId}
          value={value.account_creation}
          onChange={(event) => onChange({ ...value, account_creation: event.target.value as SsoAccountCreation })}
          className="h-9 rounded-md border bg-background px-3 text-sm"
        >
          <option value="auto">Create an account at first sign-in</option>
          <option value="existing_only">Invite only: existing accounts only</option>
        </select>
      </div>
      <TextField
        label={`${prefix} allowed e-mail domains`}
        hint="comma-separated; empty: any"
        value={value.allowed_domains.join(', ')}
        onValueChange={(text) => onChange({ ...value, allowed_domains: text.split(/[\s,]+/).filter(Boolean) })}
      />
      <Checkbox
        label={`${prefix}: require a mapped group (refuse everyone else)`}
        checked={value.require_group}
        onChange={(checked) => onChange({ ...value, require_group: checked })}
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{prefix} group mapping</legend>
        <p className="text-xs text-muted-foreground">
          Every matching rule counts: the highest role wins; the first matching rule naming an organisation decides it.
          Applied again at every sign-in. Group names match the whole value or an LDAP DN&apos;s first part
          (cn=admins,... matches &quot;admins&quot;). With no rules, roles are left to admins.
        </p>
        {value.rules.map((rule, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <TextField
              label={`${prefix} rule ${index + 1} group`}
              className="min-w-40 flex-1"
              value={rule.group}
              onValueChange={(group) => setRule(index, { group })}
            />
            <select
              aria-label={`${prefix} rule ${index + 1} role`}
              value={rule.role}
              onChange={(event) => setRule(index, { role: event.target.value as AssignableRole })}
              className="h-9 rounded-md border bg-background px-3 text-sm"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
            <TextField
              label={`${prefix} rule ${index + 1} organisation id`}
              hint="optional"
              className="min-w-40 flex-1"
              value={rule.organization_id ?? ''}
              onValueChange={(id) => setRule(index, { organization_id: id.trim() || null })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${prefix} rule ${index + 1}`}
              onClick={() => onChange({ ...value, rules: value.rules.filter((_rule, i) => i !== index) })}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            onChange({ ...value, rules: [...value.rules, { group: '', role: 'user', organization_id: null }] })
          }
        >
          <Plus aria-hidden />
          Add {prefix} rule
        </Button>
      </fieldset>
    </div>
  );
}

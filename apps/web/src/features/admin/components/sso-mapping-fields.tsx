import type { AssignableRole, SsoAccountCreation, SsoGroupRule } from '@hearth/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { ROLE_NAME_KEYS } from '../lib/messages';
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
  const { t } = useTranslation('admin');
  const creationId = useId();
  const setRule = (index: number, patch: Partial<SsoGroupRule>) =>
    onChange({ ...value, rules: value.rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) });
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={creationId}>{t('sso.mapping.accounts', { prefix })}</Label>
        <select
          id={creationId}
          value={value.account_creation}
          onChange={(event) => onChange({ ...value, account_creation: event.target.value as SsoAccountCreation })}
          className="h-9 rounded-md border bg-background px-3 text-sm"
        >
          <option value="auto">{t('sso.mapping.auto')}</option>
          <option value="existing_only">{t('sso.mapping.existingOnly')}</option>
        </select>
      </div>
      <TextField
        label={t('sso.mapping.domains', { prefix })}
        hint={t('sso.mapping.domainsHint')}
        value={value.allowed_domains.join(', ')}
        onValueChange={(text) => onChange({ ...value, allowed_domains: text.split(/[\s,]+/).filter(Boolean) })}
      />
      <Checkbox
        label={t('sso.mapping.requireGroup', { prefix })}
        checked={value.require_group}
        onChange={(checked) => onChange({ ...value, require_group: checked })}
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('sso.mapping.title', { prefix })}</legend>
        <p className="text-xs text-muted-foreground">{t('sso.mapping.help')}</p>
        {value.rules.map((rule, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <TextField
              label={t('sso.mapping.ruleGroup', { prefix, number: index + 1 })}
              className="min-w-40 flex-1"
              value={rule.group}
              onValueChange={(group) => setRule(index, { group })}
            />
            <select
              aria-label={t('sso.mapping.ruleRole', { prefix, number: index + 1 })}
              value={rule.role}
              onChange={(event) => setRule(index, { role: event.target.value as AssignableRole })}
              className="h-9 rounded-md border bg-background px-3 text-sm"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(ROLE_NAME_KEYS[role])}
                </option>
              ))}
            </select>
            <TextField
              label={t('sso.mapping.ruleOrganisation', { prefix, number: index + 1 })}
              hint={t('sso.optional')}
              className="min-w-40 flex-1"
              value={rule.organization_id ?? ''}
              onValueChange={(id) => setRule(index, { organization_id: id.trim() || null })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('sso.mapping.removeRule', { prefix, number: index + 1 })}
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
          {t('sso.mapping.addRule', { prefix })}
        </Button>
      </fieldset>
    </div>
  );
}

import type { QuotaLimits, QuotaRule, QuotaScope } from '@hearth/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useQuotaRules, useQuotaTargets, useRemoveQuota, useSetQuota } from '../api/usage';
import { limitsSummary, SCOPE_LABELS } from '../lib/format';

const selectClass = 'h-9 w-full rounded-md border bg-background px-3 text-sm';
const FIELDS: { key: keyof QuotaLimits; label: string }[] = [
  { key: 'messages_per_day', label: 'Messages per day' },
  { key: 'messages_per_month', label: 'Messages per month' },
  { key: 'tokens_per_day', label: 'Tokens per day' },
  { key: 'tokens_per_month', label: 'Tokens per month' },
];
const EMPTY: Record<keyof QuotaLimits, string> = {
  messages_per_day: '',
  messages_per_month: '',
  tokens_per_day: '',
  tokens_per_month: '',
};

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: isApiError(error) ? error.message : 'Please try again.', variant: 'destructive' });

/** The quota rules in the caller's scope, and a form to set one (super admins: the default and organisations). */
export function QuotaRules({ superAdmin }: { superAdmin: boolean }) {
  const rules = useQuotaRules();
  const remove = useRemoveQuota();
  const editable = (rule: QuotaRule) => superAdmin || rule.scope === 'group' || rule.scope === 'user';
  return (
    <Card aria-labelledby="quota-rules-title">
      <CardHeader>
        <CardTitle id="quota-rules-title">Quotas</CardTitle>
        <CardDescription>
          Limits on messages or tokens per UTC day or month. The most specific rule applies: a user&apos;s own, then
          their groups&apos; (the most generous), their organisation&apos;s, then the instance default. Admins are
          limited too unless exempted here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {rules.isPending ? <Spinner label="Loading quotas" /> : null}
        {rules.isError ? <p className="text-sm text-destructive">Could not load the quotas.</p> : null}
        {rules.data?.rules.length === 0 ? <p className="text-sm text-muted-foreground">No quotas are set.</p> : null}
        {rules.data && rules.data.rules.length > 0 ? (
          <ul className="grid gap-2" aria-label="Quota rules">
            {rules.data.rules.map((rule) => {
              const name = `${SCOPE_LABELS[rule.scope]}${rule.target_name ? `: ${rule.target_name}` : ''}`;
              return (
                <li
                  key={`${rule.scope}:${rule.target_id}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                >
                  <div className="min-w-0">
                    <div className="font-medium break-all">{name}</div>
                    <div className="text-sm text-muted-foreground">{limitsSummary(rule)}</div>
                  </div>
                  {editable(rule) ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Remove the quota of ${name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(
                          { scope: rule.scope, targetId: rule.target_id },
                          {
                            onSuccess: () => toast({ title: 'Quota removed', description: name }),
                            onError: failed('Could not remove the quota'),
                          },
                        )
                      }
                    >
                      Remove
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        <QuotaForm superAdmin={superAdmin} />
      </CardContent>
    </Card>
  );
}

function QuotaForm({ superAdmin }: { superAdmin: boolean }) {
  const scopes: QuotaScope[] = superAdmin ? ['instance', 'organization', 'group', 'user'] : ['group', 'user'];
  const [scope, setScope] = useState<QuotaScope>(scopes[0] ?? 'user');
  const [target, setTarget] = useState('');
  const [limits, setLimits] = useState(EMPTY);
  const [exempt, setExempt] = useState(false);
  const targets = useQuotaTargets(scope);
  const save = useSetQuota();
  const targetId = scope === 'instance' ? 'default' : target;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!targetId) return;
    const number = (text: string) => (text.trim() === '' ? null : Number(text));
    const body = {
      messages_per_day: number(limits.messages_per_day),
      messages_per_month: number(limits.messages_per_month),
      tokens_per_day: number(limits.tokens_per_day),
      tokens_per_month: number(limits.tokens_per_month),
      exempt: scope === 'user' && exempt,
    };
    save.mutate(
      { scope, targetId, body },
      {
        onSuccess: (rule) => {
          toast({ title: 'Quota saved', description: limitsSummary(rule) });
          setLimits(EMPTY);
          setExempt(false);
        },
        onError: failed('Could not save the quota'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 border-t pt-4" aria-label="Set a quota">
      <h3 className="font-medium">Set a quota</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="quota-scope">Applies to</Label>
          <select
            id="quota-scope"
            className={selectClass}
            value={scope}
            onChange={(event) => {
              setScope(event.target.value as QuotaScope);
              setTarget('');
            }}
          >
            {scopes.map((item) => (
              <option key={item} value={item}>
                {SCOPE_LABELS[item]}
              </option>
            ))}
          </select>
        </div>
        {scope === 'instance' ? null : (
          <div className="grid gap-2">
            <Label htmlFor="quota-target">{SCOPE_LABELS[scope]}</Label>
            <select
              id="quota-target"
              className={selectClass}
              value={target}
              required
              onChange={(event) => setTarget(event.target.value)}
            >
              <option value="">{targets.isPending ? 'Loading…' : 'Choose…'}</option>
              {targets.data?.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            hint="Empty: no limit"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={limits[field.key]}
            onValueChange={(value) => setLimits((current) => ({ ...current, [field.key]: value }))}
          />
        ))}
      </div>
      {scope === 'user' ? (
        <div className="flex items-center gap-3">
          <Switch id="quota-exempt" checked={exempt} onCheckedChange={setExempt} />
          <Label htmlFor="quota-exempt">Exempt this user from all quotas</Label>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending || !targetId}>
          {save.isPending ? 'Saving…' : 'Save quota'}
        </Button>
      </div>
    </form>
  );
}

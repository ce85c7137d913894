import type { QuotaLimits, QuotaRule, QuotaScope } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useQuotaRules, useQuotaTargets, useRemoveQuota, useSetQuota } from '../api/usage';
import { limitsSummary, SCOPE_LABEL_KEYS } from '../lib/format';

const selectClass = 'h-9 w-full rounded-md border bg-background px-3 text-sm';
const FIELDS = [
  { key: 'messages_per_day', label: 'form.fields.messagesPerDay' },
  { key: 'messages_per_month', label: 'form.fields.messagesPerMonth' },
  { key: 'tokens_per_day', label: 'form.fields.tokensPerDay' },
  { key: 'tokens_per_month', label: 'form.fields.tokensPerMonth' },
] as const satisfies readonly { key: keyof QuotaLimits; label: string }[];
const EMPTY: Record<keyof QuotaLimits, string> = {
  messages_per_day: '',
  messages_per_month: '',
  tokens_per_day: '',
  tokens_per_month: '',
};

const failed = (t: TFunction<'usage'>, title: string) => (error: unknown) =>
  toast({ title, description: isApiError(error) ? error.message : t('tryAgain'), variant: 'destructive' });

/** The quota rules in the caller's scope, and a form to set one (super admins: the default and organisations). */
export function QuotaRules({ superAdmin }: { superAdmin: boolean }) {
  const { t } = useTranslation('usage');
  const rules = useQuotaRules();
  const remove = useRemoveQuota();
  const editable = (rule: QuotaRule) => superAdmin || rule.scope === 'group' || rule.scope === 'user';
  return (
    <Card aria-labelledby="quota-rules-title">
      <CardHeader>
        <CardTitle id="quota-rules-title">{t('rules.title')}</CardTitle>
        <CardDescription>{t('rules.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {rules.isPending ? <Spinner label={t('rules.loading')} /> : null}
        {rules.isError ? <p className="text-sm text-destructive">{t('rules.loadFailed')}</p> : null}
        {rules.data?.rules.length === 0 ? <p className="text-sm text-muted-foreground">{t('rules.empty')}</p> : null}
        {rules.data && rules.data.rules.length > 0 ? (
          <ul className="grid gap-2" aria-label={t('rules.label')}>
            {rules.data.rules.map((rule) => {
              const scopeName = t(SCOPE_LABEL_KEYS[rule.scope]);
              const name = rule.target_name
                ? t('rules.named', { scope: scopeName, name: rule.target_name })
                : scopeName;
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
                      aria-label={t('rules.removeLabel', { name })}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(
                          { scope: rule.scope, targetId: rule.target_id },
                          {
                            onSuccess: () => toast({ title: t('rules.removed'), description: name }),
                            onError: failed(t, t('rules.removeFailed')),
                          },
                        )
                      }
                    >
                      {t('rules.remove')}
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
  const { t } = useTranslation('usage');
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
          toast({ title: t('form.saved'), description: limitsSummary(rule) });
          setLimits(EMPTY);
          setExempt(false);
        },
        onError: failed(t, t('form.saveFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 border-t pt-4" aria-label={t('form.title')}>
      <h3 className="font-medium">{t('form.title')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="quota-scope">{t('form.appliesTo')}</Label>
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
                {t(SCOPE_LABEL_KEYS[item])}
              </option>
            ))}
          </select>
        </div>
        {scope === 'instance' ? null : (
          <div className="grid gap-2">
            <Label htmlFor="quota-target">{t(SCOPE_LABEL_KEYS[scope])}</Label>
            <select
              id="quota-target"
              className={selectClass}
              value={target}
              required
              onChange={(event) => setTarget(event.target.value)}
            >
              <option value="">{targets.isPending ? t('form.loadingTargets') : t('form.choose')}</option>
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
            label={t(field.label)}
            hint={t('form.noLimitHint')}
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
          <Label htmlFor="quota-exempt">{t('form.exempt')}</Label>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending || !targetId}>
          {save.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}

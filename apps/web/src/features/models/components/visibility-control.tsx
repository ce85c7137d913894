import type { Group, ModelGrantKind } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useSetModelGrant } from '../api/model-grants';

interface VisibilityControlProps {
  kind: ModelGrantKind;
  subject: string;
  /** What the admin reads: the model's or the runtime's name. */
  label: string;
  groupIds: string[];
  groups: Group[];
  /** Super admins change visibility; other admins only see it. */
  canEdit: boolean;
}

const summaryOf = (groupIds: string[], groups: Group[], t: TFunction<'models'>) => {
  if (groupIds.length === 0) return t('visibility.everyone');
  const names = groupIds.map((id) => groups.find((group) => group.id === id)?.name ?? t('visibility.unknownGroup'));
  return names.join(', ');
};

/** "Visibility": Everyone, or only members of the chosen groups (admins always see every model). */
export function VisibilityControl({ kind, subject, label, groupIds, groups, canEdit }: VisibilityControlProps) {
  const { t } = useTranslation('models');
  const save = useSetModelGrant();
  const summary = summaryOf(groupIds, groups, t);
  if (!canEdit) {
    return (
      <Badge variant="outline" data-testid="visibility-summary">
        <Eye aria-hidden /> {summary}
      </Badge>
    );
  }

  const set = (next: string[]) =>
    save.mutate(
      { kind, subject, group_ids: next },
      {
        onError: (error) =>
          toast({ title: t('visibility.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const toggle = (id: string) =>
    set(groupIds.includes(id) ? groupIds.filter((item) => item !== id) : [...groupIds, id]);

  return (
    <details className="relative text-xs" data-testid="visibility-control">
      <summary className="flex cursor-pointer items-center gap-1 rounded-md border px-2 py-1">
        <Eye className="size-3.5" aria-hidden />
        <span>{t('visibility.summary', { summary })}</span>
      </summary>
      <fieldset
        className="absolute right-0 z-10 mt-1 grid min-w-48 gap-1 rounded-md border bg-popover p-2 text-popover-foreground shadow"
        disabled={save.isPending}
      >
        <legend className="sr-only">{t('visibility.legend', { label })}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" checked={groupIds.length === 0} onChange={() => set([])} />
          {t('visibility.everyone')}
        </label>
        <p className="mt-1 text-muted-foreground">{t('visibility.onlyGroups')}</p>
        {groups.length === 0 ? <p className="text-muted-foreground">{t('visibility.noGroups')}</p> : null}
        {groups.map((group) => (
          <label key={group.id} className="flex items-center gap-2">
            <input type="checkbox" checked={groupIds.includes(group.id)} onChange={() => toggle(group.id)} />
            {group.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

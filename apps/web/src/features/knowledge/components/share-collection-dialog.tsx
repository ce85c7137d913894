import type { CollectionShare } from '@hearth/contract';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../auth';
import { useCollectionShares, useSetCollectionShares, useShareableGroups } from '../api/collection-shares';

type Choice = 'none' | 'read' | 'write';
const selectClass = 'h-9 rounded-md border bg-background px-2 text-sm';
/** Labels are keys of the knowledge namespace. */
const CHOICES = [
  { value: 'none', label: 'share.none' },
  { value: 'read', label: 'share.read' },
  { value: 'write', label: 'share.write' },
] as const satisfies readonly { value: Choice; label: string }[];

/**
 * Share a collection with groups of the owner's organisation or the whole organisation (issue 16). Readers
 * search and chat with it; writers also add documents. Only the owner deletes documents or the collection.
 */
export function ShareCollectionDialog({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('knowledge');
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const shares = useCollectionShares(id, open);
  const groups = useShareableGroups(open);
  const save = useSetCollectionShares(id);
  // Changes made in this dialog, over what is saved.
  const [edits, setEdits] = useState<Record<string, Choice>>({});
  const saved = new Map(shares.data?.shares.map((share) => [share.subject_id, share.access]));
  const choiceOf = (id: string): Choice => edits[id] ?? saved.get(id) ?? 'none';

  const organizationId = user?.organization_id ?? null;
  const subjects = [
    ...(organizationId
      ? [{ subject: 'organization' as const, id: organizationId, label: t('share.organisation') }]
      : []),
    ...(groups.data?.groups.map((group) => ({
      subject: 'group' as const,
      id: group.id,
      label: t('share.group', { name: group.name }),
    })) ?? []),
  ];
  const submit = () => {
    const list: CollectionShare[] = subjects.flatMap((entry) => {
      const access = choiceOf(entry.id);
      return access === 'none' ? [] : [{ subject: entry.subject, subject_id: entry.id, access }];
    });
    save.mutate(list, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: t('share.saved'),
          description: list.length ? t('share.shared', { name }) : t('share.private', { name }),
        });
      },
      onError: (error) => toast({ title: t('share.failed'), description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setEdits({});
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('share.button', { name })}
          onClick={(event) => event.stopPropagation()}
        >
          <Share2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent onClick={(event) => event.stopPropagation()}>
        <DialogHeader>
          <DialogTitle>{t('share.title', { name })}</DialogTitle>
          <DialogDescription>{t('share.description')}</DialogDescription>
        </DialogHeader>
        {subjects.length === 0 && groups.isSuccess ? (
          <p className="text-sm text-muted-foreground">{t('share.noGroups')}</p>
        ) : null}
        <ul className="grid gap-2">
          {subjects.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">{entry.label}</span>
              <select
                aria-label={t('share.access', { label: entry.label })}
                className={selectClass}
                value={choiceOf(entry.id)}
                onChange={(event) => setEdits({ ...edits, [entry.id]: event.target.value as Choice })}
              >
                {CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {t(choice.label)}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={submit} disabled={save.isPending || shares.isPending}>
            {t('share.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

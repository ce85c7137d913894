import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GroupShareTarget, useGroupShares, useSetGroupShares } from '../lib/group-shares';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { errorMessage } from '../lib/api-error';
import { toast } from './ui/toast-store';

interface Props {
  title: string;
  target: GroupShareTarget;
  /** Where members find the item once shared ("their library", "their model picker"). */
  seenIn: string;
}

/** Share an own prompt or preset with groups of the organisation; members can use it, read-only. */
export function GroupShareDialog({ title, target, seenIn }: Props) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const { shared, available } = useGroupShares(target, open);
  const save = useSetGroupShares(target);
  // Changes made in this dialog, over what is saved.
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  const saved = new Set(shared.data?.groups.map((group) => group.id));
  const checked = (groupId: string) => edits[groupId] ?? saved.has(groupId);
  const groups = available.data?.groups ?? [];

  const submit = () =>
    save.mutate(
      groups.filter((group) => checked(group.id)).map((group) => group.id),
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: t('share.saved'), description: t('share.savedDescription', { title }) });
        },
        onError: (error) =>
          toast({ title: t('share.notChanged'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setEdits({});
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('share.withGroupsLabel', { title })}>
          <Users aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('share.withGroups')}</DialogTitle>
          <DialogDescription>{t('share.groupsDescription', { title, seenIn })}</DialogDescription>
        </DialogHeader>
        {available.isSuccess && groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('share.noGroups')}</p>
        ) : null}
        <ul className="grid gap-2">
          {groups.map((group) => (
            <li key={group.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={checked(group.id)}
                  onChange={(event) => setEdits({ ...edits, [group.id]: event.target.checked })}
                />
                {group.name}
              </label>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={submit} disabled={save.isPending || shared.isPending}>
            {t('share.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import type { CollectionShare } from '@hearth/contract';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
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
const CHOICES: { value: Choice; label: string }[] = [
  { value: 'none', label: 'Not shared' },
  { value: 'read', label: 'Can search and read' },
  { value: 'write', label: 'Can also add documents' },
];

/**
 * Share a collection with groups of the owner's organisation or the whole organisation (issue 16). Readers
 * search and chat with it; writers also add documents. Only the owner deletes documents or the collection.
 */
export function ShareCollectionDialog({ id, name }: { id: string; name: string }) {
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
      ? [{ subject: 'organization' as const, id: organizationId, label: 'Everyone in my organisation' }]
      : []),
    ...(groups.data?.groups.map((group) => ({
      subject: 'group' as const,
      id: group.id,
      label: `Group: ${group.name}`,
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
        toast({ title: 'Sharing saved', description: list.length ? `${name} is shared.` : `${name} is private.` });
      },
      onError: (error) =>
        toast({ title: 'Could not save sharing', description: error.message, variant: 'destructive' }),
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
          aria-label={`Share collection ${name}`}
          onClick={(event) => event.stopPropagation()}
        >
          <Share2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent onClick={(event) => event.stopPropagation()}>
        <DialogHeader>
          <DialogTitle>Share {name}</DialogTitle>
          <DialogDescription>
            Members find its documents in search and chat. Only you can delete documents or the collection.
          </DialogDescription>
        </DialogHeader>
        {subjects.length === 0 && groups.isSuccess ? (
          <p className="text-sm text-muted-foreground">Your organisation has no groups yet.</p>
        ) : null}
        <ul className="grid gap-2">
          {subjects.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">{entry.label}</span>
              <select
                aria-label={`Access for ${entry.label}`}
                className={selectClass}
                value={choiceOf(entry.id)}
                onChange={(event) => setEdits({ ...edits, [entry.id]: event.target.value as Choice })}
              >
                {CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={submit} disabled={save.isPending || shares.isPending}>
            Save sharing
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

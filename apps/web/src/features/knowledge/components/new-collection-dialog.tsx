import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { useCreateCollection } from '../api/create-collection';
import type { KnowledgeCollection } from '../api/types';
import { checkCollectionName, MESSAGES } from '../lib/messages';

/** New Collection: a required name and an optional description. */
export function NewCollectionDialog({ onCreated }: { onCreated?: (collection: KnowledgeCollection) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateCollection();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkCollectionName(name);
    if (refusal) return void toast(refusal);
    create.mutate(
      { name: name.trim(), description: description.trim() || undefined },
      {
        onSuccess: (collection) => {
          setOpen(false);
          setName('');
          setDescription('');
          onCreated?.(collection);
        },
        onError: (error) => toast({ ...MESSAGES.createCollection, description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden /> New Collection
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New Collection</DialogTitle>
            <DialogDescription>Group documents so chat can search them together.</DialogDescription>
          </DialogHeader>
          <TextField label="Collection name" value={name} onValueChange={setName} maxLength={200} />
          <TextField
            label="Description"
            hint="Optional"
            value={description}
            onValueChange={setDescription}
            maxLength={1000}
          />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Collection'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

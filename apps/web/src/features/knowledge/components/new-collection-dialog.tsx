import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { useCreateCollection } from '../api/create-collection';
import type { KnowledgeCollection } from '../api/types';
import { checkCollectionName, MESSAGES } from '../lib/messages';

/** New Collection: a required name and an optional description. */
export function NewCollectionDialog({ onCreated }: { onCreated?: (collection: KnowledgeCollection) => void }) {
  const { t } = useTranslation('knowledge');
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
          <Plus aria-hidden /> {t('newCollection.title')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('newCollection.title')}</DialogTitle>
            <DialogDescription>{t('newCollection.description')}</DialogDescription>
          </DialogHeader>
          <TextField label={t('collection.name')} value={name} onValueChange={setName} maxLength={200} />
          <TextField
            label={t('collection.description')}
            hint={t('collection.optional')}
            value={description}
            onValueChange={setDescription}
            maxLength={1000}
          />
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('newCollection.creating') : t('newCollection.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import type { ChatFolder } from '@hearth/contract';
import { MAX_TAGS_PER_CONVERSATION } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { foldersQueryOptions } from '../api/organise';

/** Folders in display order: each top-level folder followed by its subfolders. */
function orderedFolders(folders: ChatFolder[]): { folder: ChatFolder; depth: 0 | 1 }[] {
  const tops = folders.filter((folder) => folder.parent_id === null);
  return tops.flatMap((top) => [
    { folder: top, depth: 0 as const },
    ...folders.filter((folder) => folder.parent_id === top.id).map((folder) => ({ folder, depth: 1 as const })),
  ]);
}

interface MoveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is being moved, for the description. */
  subject: string;
  current?: string | null;
  onMove: (folderId: string | null) => void;
}

/** "Move to…": the keyboard way to do what dragging a chat onto a folder does. */
export function MoveDialog({ open, onOpenChange, subject, current = null, onMove }: MoveDialogProps) {
  const { t } = useTranslation('chat');
  const folders = useQuery({ ...foldersQueryOptions(), enabled: open });
  const choices = orderedFolders(folders.data?.folders ?? []);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('organise.moveTitle')}</DialogTitle>
          <DialogDescription className="break-all">{subject}</DialogDescription>
        </DialogHeader>
        <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-label={t('folders.heading')}>
          <li>
            <Button
              variant={current === null ? 'secondary' : 'ghost'}
              className="w-full justify-start"
              onClick={() => onMove(null)}
            >
              {t('organise.noFolder')}
            </Button>
          </li>
          {choices.map(({ folder, depth }) => (
            <li key={folder.id} className={depth === 1 ? 'pl-4' : undefined}>
              <Button
                variant={current === folder.id ? 'secondary' : 'ghost'}
                className="w-full justify-start truncate"
                onClick={() => onMove(folder.id)}
              >
                {folder.name}
              </Button>
            </li>
          ))}
        </ul>
        {folders.isPending ? <p className="text-sm text-muted-foreground">{t('organise.loadingFolders')}</p> : null}
        {folders.data && choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('organise.noFolders')}</p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Tags typed as a comma-separated list, lower-cased like the server stores them. */
const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
  ),
];

interface TagsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  tags: string[];
  onSave: (tags: string[]) => void;
  pending?: boolean;
}

export function TagsDialog({ open, onOpenChange, title, tags, onSave, pending = false }: TagsDialogProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(tags.join(', '));
  const parsed = parseTags(text);
  const error =
    parsed.length > MAX_TAGS_PER_CONVERSATION
      ? t('organise.tooManyTags', { max: MAX_TAGS_PER_CONVERSATION })
      : parsed.some((tag) => tag.length > 40)
        ? t('organise.tagTooLong')
        : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!error) onSave(parsed);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setText(tags.join(', '));
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('organise.tagsTitle')}</DialogTitle>
            <DialogDescription className="break-all">{title}</DialogDescription>
          </DialogHeader>
          <label className="flex flex-col gap-1 text-sm">
            {t('organise.tagsLabel')}
            <Input
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('organise.tagsPlaceholder')}
              aria-invalid={error ? true : undefined}
              autoFocus
            />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('organise.cancel')}
            </Button>
            <Button type="submit" disabled={pending || error !== null}>
              {t('organise.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface NameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial?: string;
  onSave: (name: string) => void;
  pending?: boolean;
}

/** Names a folder (new or renamed). */
export function FolderNameDialog({
  open,
  onOpenChange,
  title,
  initial = '',
  onSave,
  pending = false,
}: NameDialogProps) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState(initial);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setName(initial);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) onSave(name.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{t('organise.folderDescription')}</DialogDescription>
          </DialogHeader>
          <label className="flex flex-col gap-1 text-sm">
            {t('organise.folderName')}
            <Input value={name} maxLength={80} onChange={(event) => setName(event.target.value)} autoFocus />
          </label>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('organise.cancel')}
            </Button>
            <Button type="submit" disabled={pending || !name.trim()}>
              {t('organise.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface DeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onConfirm: () => void;
}

/** Confirms deleting one conversation (the sidebar's menu and the archive); the delete itself can be undone. */
export function DeleteConversationDialog({ open, onOpenChange, title, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation('chat');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('organise.deleteTitle')}
      description={
        <>
          <span className="break-all">&lsquo;{title}&rsquo;</span>
          {t('organise.deleteDescription')}
        </>
      }
      confirmLabel={t('organise.delete')}
      onConfirm={onConfirm}
    />
  );
}

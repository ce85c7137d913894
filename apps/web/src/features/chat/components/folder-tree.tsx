import type { ChatFolder } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Folder, FolderPlus, MoreHorizontal } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { foldersQueryOptions, useFolderMutations, useOrganize } from '../api/organise';
import { ConversationSection } from './conversation-section';
import { CONVERSATION_DRAG_TYPE } from './conversation-row';
import { FolderNameDialog } from './organise-dialogs';

interface TreeProps {
  activeId: string | null;
  onNavigate?: () => void;
}

/** The sidebar's folders: collapsible, nested one level; drop a chat on a folder to move it there. */
export function FolderTree({ activeId, onNavigate }: TreeProps) {
  const { t } = useTranslation('chat');
  const folders = useQuery(foldersQueryOptions());
  const { create } = useFolderMutations();
  const [naming, setNaming] = useState(false);
  const all = folders.data?.folders ?? [];
  return (
    <div role="group" aria-label={t('folders.heading')} className="pb-2">
      <div className="flex items-center justify-between px-2 pt-2 pb-1">
        <h3 className="text-xs text-muted-foreground">{t('folders.heading')}</h3>
        <button
          type="button"
          aria-label={t('folders.new')}
          title={t('folders.new')}
          onClick={() => setNaming(true)}
          className="rounded p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <FolderPlus className="size-4" aria-hidden />
        </button>
      </div>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
        {all
          .filter((folder) => folder.parent_id === null)
          .map((folder) => (
            <FolderNode
              key={folder.id}
              folder={folder}
              subfolders={all.filter((child) => child.parent_id === folder.id)}
              activeId={activeId}
              onNavigate={onNavigate}
            />
          ))}
      </ul>
      <FolderNameDialog
        open={naming}
        onOpenChange={setNaming}
        title={t('folders.new')}
        pending={create.isPending}
        onSave={(name) =>
          create.mutate(
            { name },
            { onSuccess: () => setNaming(false), onError: () => toast(failed(t('folders.createFailed'))) },
          )
        }
      />
    </div>
  );
}

const failed = (title: string) => ({
  title,
  variant: 'destructive' as const,
});

interface NodeProps extends TreeProps {
  folder: ChatFolder;
  subfolders: ChatFolder[];
}

function FolderNode({ folder, subfolders, activeId, onNavigate }: NodeProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [over, setOver] = useState(false);
  const [dialog, setDialog] = useState<'rename' | 'subfolder' | 'delete' | null>(null);
  const organize = useOrganize();
  const { create, rename, remove } = useFolderMutations();
  const topLevel = folder.parent_id === null;

  const onDrop = (event: DragEvent) => {
    setOver(false);
    const id = event.dataTransfer.getData(CONVERSATION_DRAG_TYPE);
    if (!id) return;
    event.preventDefault();
    organize.mutateAsync({ id, body: { folder_id: folder.id } }).then(
      () => {
        setOpen(true);
        toast({ title: t('folders.movedTo', { name: folder.name }) });
      },
      () => toast({ title: t('folders.moveFailed'), variant: 'destructive' }),
    );
  };

  return (
    <li className="min-w-0">
      <div
        data-testid="folder-row"
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes(CONVERSATION_DRAG_TYPE)) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'group flex min-w-0 items-center rounded-md text-sm hover:bg-sidebar-accent',
          over && 'bg-sidebar-accent ring-2 ring-ring',
        )}
      >
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="flex w-0 min-w-0 flex-1 items-center gap-1 px-2 py-1.5 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ChevronRight className={cn('size-3 shrink-0 transition-transform', open && 'rotate-90')} aria-hidden />
          <Folder className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{folder.name}</span>
        </button>
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={t('folders.options', { name: folder.name })}
            className="mr-1 shrink-0 rounded p-1 focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setDialog('rename')}>{t('folders.rename')}</DropdownMenuItem>
            {topLevel ? (
              <DropdownMenuItem onSelect={() => setDialog('subfolder')}>{t('folders.newSubfolder')}</DropdownMenuItem>
            ) : null}
            <DropdownMenuItem onSelect={() => setDialog('delete')} className="text-destructive">
              {t('folders.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {open ? (
        <div className="pl-3">
          {subfolders.length > 0 ? (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
              {subfolders.map((child) => (
                <FolderNode key={child.id} folder={child} subfolders={[]} activeId={activeId} onNavigate={onNavigate} />
              ))}
            </ul>
          ) : null}
          <ConversationSection
            section={{ section: 'folder', folderId: folder.id }}
            activeId={activeId}
            onNavigate={onNavigate}
            empty={subfolders.length > 0 ? undefined : t('folders.empty')}
          />
        </div>
      ) : null}
      <FolderNameDialog
        open={dialog === 'rename'}
        onOpenChange={(next) => setDialog(next ? 'rename' : null)}
        title={t('folders.rename')}
        initial={folder.name}
        pending={rename.isPending}
        onSave={(name) =>
          rename.mutate(
            { id: folder.id, name },
            { onSuccess: () => setDialog(null), onError: () => toast(failed(t('folders.renameFailed'))) },
          )
        }
      />
      <FolderNameDialog
        open={dialog === 'subfolder'}
        onOpenChange={(next) => setDialog(next ? 'subfolder' : null)}
        title={t('folders.newSubfolder')}
        pending={create.isPending}
        onSave={(name) =>
          create.mutate(
            { name, parent_id: folder.id },
            {
              onSuccess: () => (setDialog(null), setOpen(true)),
              onError: () => toast(failed(t('folders.createFailed'))),
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(next) => setDialog(next ? 'delete' : null)}
        title={t('folders.deleteTitle')}
        description={
          <>
            <span className="break-all">&lsquo;{folder.name}&rsquo;</span>
            {topLevel ? t('folders.deleteWithSubfolders') : t('folders.deleteDescription')}
          </>
        }
        confirmLabel={t('folders.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(folder.id, {
            onSuccess: () => setDialog(null),
            onError: () => toast(failed(t('folders.deleteFailed'))),
          })
        }
      />
    </li>
  );
}

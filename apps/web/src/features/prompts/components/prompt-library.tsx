import type { CreatePromptBody, Prompt } from '@hearth/contract';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useCreatePrompt, useDeletePrompt, usePrompts, useUpdatePrompt } from '../api/prompts';
import { PromptCard } from './prompt-card';
import { type PromptDraft, PromptEditorDialog } from './prompt-editor-dialog';

const EMPTY: PromptDraft = { title: '', description: '', content: '', shared: false };

const matches = (prompt: Prompt, q: string) =>
  [prompt.title, prompt.description ?? '', prompt.content].some((text) => text.toLowerCase().includes(q));

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** Workspace → Prompts: own prompts, the organisation's shared ones and the starters; '/' in chat uses them. */
export function PromptLibrary() {
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState<PromptDraft | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);
  const prompts = usePrompts();
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const remove = useDeletePrompt();

  const all = prompts.data?.prompts ?? [];
  const needle = q.trim().toLowerCase();
  const shown = needle ? all.filter((prompt) => matches(prompt, needle)) : all;
  const ownCount = all.filter((prompt) => prompt.owned).length;

  const save = ({ id, ...body }: CreatePromptBody & { id?: string }) => {
    const done = { onSuccess: () => setDraft(null), onError: failed('Prompt not saved') };
    if (id) update.mutate({ id, ...body }, done);
    else create.mutate(body, done);
  };
  const copy = (prompt: Prompt) =>
    setDraft({
      title: `${prompt.title} (copy)`,
      description: prompt.description ?? '',
      content: prompt.content,
      shared: false,
    });

  return (
    <section aria-label="Prompts" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label="Search prompts"
            placeholder="Search prompts"
            className="pl-8"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <Button onClick={() => setDraft(EMPTY)}>
          <Plus aria-hidden /> Add Prompt
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Type / at the start of a word in the chat input to use a prompt.</p>
      {prompts.isPending ? (
        <Spinner label="Loading prompts" />
      ) : prompts.isError ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-dashed p-6 text-sm">
          <span className="flex-1">Prompts could not be loaded. {prompts.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void prompts.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {ownCount === 0 && !needle ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              You have no prompts of your own yet. Add one, or copy a starter below to make it yours.
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
              No prompts match your search.
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              {shown.map((prompt) => (
                <PromptCard
                  key={prompt.id}
                  prompt={prompt}
                  sharing={update.isPending && update.variables.id === prompt.id}
                  onEdit={() =>
                    setDraft({
                      id: prompt.id,
                      title: prompt.title,
                      description: prompt.description ?? '',
                      content: prompt.content,
                      shared: prompt.shared,
                    })
                  }
                  onCopy={() => copy(prompt)}
                  onDelete={() => setDeleting(prompt)}
                  onShare={(shared) =>
                    update.mutate({ id: prompt.id, shared }, { onError: failed('Sharing not changed') })
                  }
                />
              ))}
            </div>
          )}
        </>
      )}
      <PromptEditorDialog
        draft={draft}
        pending={create.isPending || update.isPending}
        onSave={save}
        onClose={() => setDraft(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete prompt?"
        description={`"${deleting?.title ?? ''}" will be deleted${deleting?.shared ? ' for everyone it is shared with' : ''}. This cannot be undone.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: failed('Prompt not deleted') })
        }
      />
    </section>
  );
}

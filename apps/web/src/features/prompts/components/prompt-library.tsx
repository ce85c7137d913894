import type { CreatePromptBody, Prompt } from '@hearth/contract';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreatePrompt, useDeletePrompt, usePrompts, useUpdatePrompt } from '../api/prompts';
import { PromptCard } from './prompt-card';
import { type PromptDraft, PromptEditorDialog } from './prompt-editor-dialog';

const EMPTY: PromptDraft = { title: '', description: '', content: '', shared: false };

const matches = (prompt: Prompt, q: string) =>
  [prompt.title, prompt.description ?? '', prompt.content].some((text) => text.toLowerCase().includes(q));

const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error), variant: 'destructive' });

/** Workspace → Prompts: own prompts, the organisation's shared ones and the starters; '/' in chat uses them. */
export function PromptLibrary() {
  const { t } = useTranslation('prompts');
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
    const done = { onSuccess: () => setDraft(null), onError: failed(t('library.notSaved')) };
    if (id) update.mutate({ id, ...body }, done);
    else create.mutate(body, done);
  };
  const copy = (prompt: Prompt) =>
    setDraft({
      title: t('library.copyTitle', { title: prompt.title }),
      description: prompt.description ?? '',
      content: prompt.content,
      shared: false,
    });

  return (
    <section aria-label={t('library.label')} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label={t('library.search')}
            placeholder={t('library.search')}
            className="pl-8"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <Button onClick={() => setDraft(EMPTY)}>
          <Plus aria-hidden /> {t('library.add')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('library.slashHint')}</p>
      {prompts.isPending ? (
        <Spinner label={t('library.loading')} />
      ) : prompts.isError ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-dashed p-6 text-sm">
          <span className="flex-1">{t('library.loadFailed', { message: errorMessage(prompts.error) })}</span>
          <Button variant="outline" size="sm" onClick={() => void prompts.refetch()}>
            {t('library.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          {ownCount === 0 && !needle ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              {t('library.noOwn')}
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
              {t('library.noMatches')}
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
                    update.mutate({ id: prompt.id, shared }, { onError: failed(t('library.sharingNotChanged')) })
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
        title={t('library.deleteTitle')}
        description={
          deleting?.shared
            ? t('library.deleteSharedDescription', { title: deleting.title })
            : t('library.deleteDescription', { title: deleting?.title ?? '' })
        }
        confirmLabel={t('library.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: failed(t('library.notDeleted')) })
        }
      />
    </section>
  );
}

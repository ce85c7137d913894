import type { CreatePresetBody, Preset } from '@hearth/contract';
import { MessageSquarePlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OwnedItemActions } from '../../../components/owned-item-actions';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { presetGroups, useCreatePreset, useDeletePreset, usePresets, useUpdatePreset } from '../api/presets';
import { toForm } from '../lib/settings-form';
import { EMPTY_PRESET, type PresetDraft, PresetEditorDialog } from './preset-editor-dialog';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

const draftOf = (preset: Preset, copy = false): PresetDraft => ({
  id: copy ? undefined : preset.id,
  name: copy ? `${preset.name} (copy)` : preset.name,
  description: preset.description ?? '',
  form: toForm(preset.settings),
  starters: preset.starters.join('\n'),
  shared: copy ? false : preset.shared,
});

/** Workspace → Presets: own presets to edit, share and delete; those shared with the user to use or copy. */
export function PresetLibrary() {
  const [draft, setDraft] = useState<PresetDraft | null>(null);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const presets = usePresets();
  const create = useCreatePreset();
  const update = useUpdatePreset();
  const remove = useDeletePreset();
  const all = presets.data?.presets ?? [];

  const save = ({ id, ...body }: CreatePresetBody & { id?: string }) => {
    const done = { onSuccess: () => setDraft(null), onError: failed('Preset not saved') };
    if (id) update.mutate({ id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <section aria-label="Presets" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm text-muted-foreground">
          Presets are assistants: a model with its own instructions, parameters, collections and starter prompts.
        </p>
        <Button onClick={() => setDraft(EMPTY_PRESET)}>
          <Plus aria-hidden /> Add Preset
        </Button>
      </div>
      {presets.isPending ? (
        <Spinner label="Loading presets" />
      ) : presets.isError ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-dashed p-6 text-sm">
          <span className="flex-1">Presets could not be loaded. {presets.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void presets.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          No presets yet. Add one to start chats with the same model and instructions every time.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {all.map((preset) => (
            <PresetCard
              key={preset.id}
              preset={preset}
              sharing={update.isPending && update.variables.id === preset.id}
              onEdit={() => setDraft(draftOf(preset, !preset.owned))}
              onDelete={() => setDeleting(preset)}
              onShare={(shared) => update.mutate({ id: preset.id, shared }, { onError: failed('Sharing not changed') })}
            />
          ))}
        </div>
      )}
      <PresetEditorDialog
        draft={draft}
        pending={create.isPending || update.isPending}
        onSave={save}
        onClose={() => setDraft(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete preset?"
        description={`"${deleting?.name ?? ''}" will be deleted${deleting?.shared ? ' for everyone it is shared with' : ''}. Chats started from it keep their settings. This cannot be undone.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: failed('Preset not deleted') })
        }
      />
    </section>
  );
}

interface CardProps {
  preset: Preset;
  sharing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShare: (shared: boolean) => void;
}

function PresetCard({ preset, sharing, onEdit, onDelete, onShare }: CardProps) {
  const facts = [
    preset.settings.model ?? "The model picker's model",
    preset.settings.temperature === undefined ? null : `temperature ${preset.settings.temperature}`,
    preset.settings.collection_ids?.length ? `${preset.settings.collection_ids.length} collection(s)` : null,
  ].filter(Boolean);
  return (
    <Card aria-label={preset.name} className="flex flex-col">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span className="min-w-0 truncate">{preset.name}</span>
          {!preset.owned ? <Badge variant="secondary">Shared by {preset.author}</Badge> : null}
        </CardTitle>
        {preset.description ? <CardDescription>{preset.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="text-xs text-muted-foreground">{facts.join(' · ')}</p>
        {preset.settings.system_prompt ? (
          <p className="line-clamp-3 text-sm whitespace-pre-wrap text-muted-foreground">
            {preset.settings.system_prompt}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <Link to={paths.presetChat(preset.id)} className={buttonClasses('outline', 'sm')}>
            <MessageSquarePlus aria-hidden /> New chat
          </Link>
          {preset.owned ? (
            <OwnedItemActions
              title={preset.name}
              shared={preset.shared}
              sharing={sharing}
              onShare={onShare}
              onEdit={onEdit}
              onDelete={onDelete}
              groups={presetGroups(preset.id)}
              seenIn="their model picker"
            />
          ) : (
            <Button variant="ghost" size="sm" onClick={onEdit} className="ml-auto">
              Make a copy
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

import type { CreatePresetBody, Preset } from '@hearth/contract';
import { MessageSquarePlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OwnedItemActions } from '../../../components/owned-item-actions';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/i18n';
import { presetGroups, useCreatePreset, useDeletePreset, usePresets, useUpdatePreset } from '../api/presets';
import { toForm } from '../lib/settings-form';
import { EMPTY_PRESET, type PresetDraft, PresetEditorDialog } from './preset-editor-dialog';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error), variant: 'destructive' });

const draftOf = (t: TFunction<'presets'>, preset: Preset, copy = false): PresetDraft => ({
  id: copy ? undefined : preset.id,
  name: copy ? t('library.copyName', { name: preset.name }) : preset.name,
  description: preset.description ?? '',
  form: toForm(preset.settings),
  starters: preset.starters.join('\n'),
  shared: copy ? false : preset.shared,
});

/** Workspace → Presets: own presets to edit, share and delete; those shared with the user to use or copy. */
export function PresetLibrary() {
  const { t } = useTranslation('presets');
  const [draft, setDraft] = useState<PresetDraft | null>(null);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const presets = usePresets();
  const create = useCreatePreset();
  const update = useUpdatePreset();
  const remove = useDeletePreset();
  const all = presets.data?.presets ?? [];

  const save = ({ id, ...body }: CreatePresetBody & { id?: string }) => {
    const done = { onSuccess: () => setDraft(null), onError: failed(t('library.notSaved')) };
    if (id) update.mutate({ id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <section aria-label={t('library.label')} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm text-muted-foreground">{t('library.intro')}</p>
        <Button onClick={() => setDraft(EMPTY_PRESET)}>
          <Plus aria-hidden /> {t('library.add')}
        </Button>
      </div>
      {presets.isPending ? (
        <Spinner label={t('library.loading')} />
      ) : presets.isError ? (
        <div role="alert" className="flex items-center gap-3 rounded-lg border border-dashed p-6 text-sm">
          <span className="flex-1">{t('library.loadFailed', { message: errorMessage(presets.error) })}</span>
          <Button variant="outline" size="sm" onClick={() => void presets.refetch()}>
            {t('library.tryAgain')}
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          {t('library.empty')}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {all.map((preset) => (
            <PresetCard
              key={preset.id}
              preset={preset}
              sharing={update.isPending && update.variables.id === preset.id}
              onEdit={() => setDraft(draftOf(t, preset, !preset.owned))}
              onDelete={() => setDeleting(preset)}
              onShare={(shared) =>
                update.mutate({ id: preset.id, shared }, { onError: failed(t('library.sharingNotChanged')) })
              }
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
        title={t('library.deleteTitle')}
        description={
          deleting?.shared
            ? t('library.deleteSharedDescription', { name: deleting.name })
            : t('library.deleteDescription', { name: deleting?.name ?? '' })
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

interface CardProps {
  preset: Preset;
  sharing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShare: (shared: boolean) => void;
}

function PresetCard({ preset, sharing, onEdit, onDelete, onShare }: CardProps) {
  const { t } = useTranslation('presets');
  const facts = [
    preset.settings.model ?? t('pickersModel'),
    preset.settings.temperature === undefined
      ? null
      : t('card.temperature', { value: formatNumber(preset.settings.temperature) }),
    preset.settings.collection_ids?.length
      ? t('card.collections', { count: preset.settings.collection_ids.length })
      : null,
  ].filter(Boolean);
  return (
    <Card aria-label={preset.name} className="flex flex-col">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span className="min-w-0 truncate">{preset.name}</span>
          {!preset.owned ? <Badge variant="secondary">{t('card.sharedBy', { author: preset.author })}</Badge> : null}
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
            <MessageSquarePlus aria-hidden /> {t('card.newChat')}
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
              seenIn={t('card.seenIn')}
            />
          ) : (
            <Button variant="ghost" size="sm" onClick={onEdit} className="ml-auto">
              {t('card.makeCopy')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

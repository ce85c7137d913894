import { type CreatePresetBody, PRESET_STARTERS_MAX } from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemEditorDialog, ItemEditorFooter } from '../../../components/item-editor';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { fromForm, type SettingsForm, toForm } from '../lib/settings-form';
import { SettingsFields } from './settings-fields';

export interface PresetDraft {
  /** Set when editing an own preset; absent for a new one (or a copy). */
  id?: string;
  name: string;
  description: string;
  form: SettingsForm;
  starters: string;
  shared: boolean;
}

export const EMPTY_PRESET: PresetDraft = { name: '', description: '', form: toForm({}), starters: '', shared: false };

interface Props {
  draft: PresetDraft | null;
  pending: boolean;
  onSave: (body: CreatePresetBody & { id?: string }) => void;
  onClose: () => void;
}

/** New Preset / Edit Preset: name, model, system prompt, parameters, collections, starter prompts, sharing. */
export function PresetEditorDialog({ draft, pending, onSave, onClose }: Props) {
  return (
    <ItemEditorDialog draft={draft} onClose={onClose} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
      {(open) => <EditorForm draft={open} pending={pending} onSave={onSave} />}
    </ItemEditorDialog>
  );
}

function EditorForm({ draft, pending, onSave }: Omit<Props, 'onClose' | 'draft'> & { draft: PresetDraft }) {
  const { t } = useTranslation('presets');
  const [name, setName] = useState(draft.name);
  const [description, setDescription] = useState(draft.description);
  const [form, setForm] = useState(draft.form);
  const [starters, setStarters] = useState(draft.starters);
  const [shared, setShared] = useState(draft.shared);
  const [problem, setProblem] = useState<string | null>(null);
  const startersId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t('editor.nameRequired'));
    const settings = fromForm(form);
    if ('problem' in settings) return setProblem(settings.problem);
    const lines = starters
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > PRESET_STARTERS_MAX)
      return setProblem(t('editor.tooManyStarters', { max: PRESET_STARTERS_MAX }));
    if (lines.some((line) => line.length > 500)) return setProblem(t('editor.starterTooLong'));
    setProblem(null);
    onSave({
      id: draft.id,
      name: name.trim(),
      description: description.trim() || null,
      settings: settings.settings,
      starters: lines,
      shared,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{draft.id ? t('editor.editTitle') : t('editor.newTitle')}</DialogTitle>
        <DialogDescription>{t('editor.description')}</DialogDescription>
      </DialogHeader>
      <TextField label={t('editor.name')} value={name} onValueChange={setName} maxLength={100} />
      <TextField
        label={t('editor.descriptionLabel')}
        hint={t('editor.optional')}
        value={description}
        onValueChange={setDescription}
        maxLength={500}
      />
      <SettingsFields value={form} onChange={(patch) => setForm({ ...form, ...patch })} withModel />
      <div className="grid gap-2">
        <Label htmlFor={startersId}>{t('editor.starters')}</Label>
        <textarea
          id={startersId}
          rows={3}
          value={starters}
          onChange={(event) => setStarters(event.target.value)}
          placeholder={t('editor.startersPlaceholder')}
          className="min-h-20 rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
      </div>
      <ItemEditorFooter
        shared={shared}
        onSharedChange={setShared}
        problem={problem}
        pending={pending}
        saveLabel={t('editor.save')}
      />
    </form>
  );
}

import {
  type CreatePromptBody,
  PROMPT_CONTENT_MAX,
  PROMPT_DESCRIPTION_MAX,
  PROMPT_TITLE_MAX,
  promptVariables,
} from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemEditorDialog, ItemEditorFooter } from '../../../components/item-editor';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { formatNumber } from '../../../lib/i18n';
import { TextField } from '../../../components/ui/text-field';

export interface PromptDraft {
  /** Set when editing an own prompt; absent for a new one (or a copy). */
  id?: string;
  title: string;
  description: string;
  content: string;
  shared: boolean;
}

interface Props {
  draft: PromptDraft | null;
  pending: boolean;
  onSave: (body: CreatePromptBody & { id?: string }) => void;
  onClose: () => void;
}

/** New Prompt / Edit Prompt: title, optional description, the text with {{variables}}, and sharing. */
export function PromptEditorDialog({ draft, pending, onSave, onClose }: Props) {
  return (
    <ItemEditorDialog draft={draft} onClose={onClose}>
      {(open) => <EditorForm draft={open} pending={pending} onSave={onSave} />}
    </ItemEditorDialog>
  );
}

function EditorForm({ draft, pending, onSave }: Omit<Props, 'onClose' | 'draft'> & { draft: PromptDraft }) {
  const { t } = useTranslation('prompts');
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description);
  const [content, setContent] = useState(draft.content);
  const [shared, setShared] = useState(draft.shared);
  const [problem, setProblem] = useState<string | null>(null);
  const contentId = useId();
  const variables = promptVariables(content);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setProblem(t('editor.titleRequired'));
    if (!content.trim()) return setProblem(t('editor.contentRequired'));
    setProblem(null);
    onSave({ id: draft.id, title: title.trim(), description: description.trim() || null, content, shared });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{draft.id ? t('editor.editTitle') : t('editor.newTitle')}</DialogTitle>
        <DialogDescription>{t('editor.description', { example: '{{name}}' })}</DialogDescription>
      </DialogHeader>
      <TextField label={t('editor.title')} value={title} onValueChange={setTitle} maxLength={PROMPT_TITLE_MAX} />
      <TextField
        label={t('editor.descriptionLabel')}
        hint={t('editor.optional')}
        value={description}
        onValueChange={setDescription}
        maxLength={PROMPT_DESCRIPTION_MAX}
      />
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={contentId}>{t('editor.prompt')}</Label>
          <span className="text-xs text-muted-foreground">
            {formatNumber(content.length)} / {formatNumber(PROMPT_CONTENT_MAX)}
          </span>
        </div>
        <textarea
          id={contentId}
          rows={8}
          value={content}
          maxLength={PROMPT_CONTENT_MAX}
          onChange={(event) => setContent(event.target.value)}
          className="min-h-32 rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        <p className="text-xs text-muted-foreground">
          {variables.length > 0 ? t('variables', { list: variables.join(', ') }) : t('editor.noVariables')}
        </p>
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

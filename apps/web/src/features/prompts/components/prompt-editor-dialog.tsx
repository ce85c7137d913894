import {
  type CreatePromptBody,
  PROMPT_CONTENT_MAX,
  PROMPT_CONTENT_REQUIRED,
  PROMPT_DESCRIPTION_MAX,
  PROMPT_TITLE_MAX,
  PROMPT_TITLE_REQUIRED,
  promptVariables,
} from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import { ItemEditorDialog, ItemEditorFooter } from '../../../components/item-editor';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
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
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description);
  const [content, setContent] = useState(draft.content);
  const [shared, setShared] = useState(draft.shared);
  const [problem, setProblem] = useState<string | null>(null);
  const contentId = useId();
  const variables = promptVariables(content);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setProblem(PROMPT_TITLE_REQUIRED);
    if (!content.trim()) return setProblem(PROMPT_CONTENT_REQUIRED);
    setProblem(null);
    onSave({ id: draft.id, title: title.trim(), description: description.trim() || null, content, shared });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{draft.id ? 'Edit Prompt' : 'New Prompt'}</DialogTitle>
        <DialogDescription>
          Write {'{{name}}'} where something changes each time; you fill it in when you use the prompt.
        </DialogDescription>
      </DialogHeader>
      <TextField label="Title" value={title} onValueChange={setTitle} maxLength={PROMPT_TITLE_MAX} />
      <TextField
        label="Description"
        hint="Optional"
        value={description}
        onValueChange={setDescription}
        maxLength={PROMPT_DESCRIPTION_MAX}
      />
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={contentId}>Prompt</Label>
          <span className="text-xs text-muted-foreground">
            {content.length.toLocaleString()} / {PROMPT_CONTENT_MAX.toLocaleString()}
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
          {variables.length > 0 ? `Variables: ${variables.join(', ')}` : 'No variables.'}
        </p>
      </div>
      <ItemEditorFooter
        shared={shared}
        onSharedChange={setShared}
        problem={problem}
        pending={pending}
        saveLabel="Save Prompt"
      />
    </form>
  );
}

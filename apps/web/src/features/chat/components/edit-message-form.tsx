import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface EditMessageFormProps {
  initial: string;
  onSubmit: (content: string) => void;
  onCancel: () => void;
}

/** Edit-and-resend: the new text is sent as a new version beside the message (kept, "‹ 1/2 ›") and answered. */
export function EditMessageForm({ initial, onSubmit, onCancel }: EditMessageFormProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(initial);
  const trimmed = text.trim();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onSubmit(text);
      }}
    >
      <textarea
        aria-label={t('edit.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Opened with ↑ from the message box: the caret goes to the end of the text, ready to add to it.
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          onCancel();
        }}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        className="w-full resize-y rounded-md border bg-background p-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" className="text-foreground" onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" size="sm" variant="secondary" disabled={!trimmed || trimmed === initial.trim()}>
          {t('edit.submit')}
        </Button>
      </div>
    </form>
  );
}

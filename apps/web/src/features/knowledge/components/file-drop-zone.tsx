import { UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

interface FileDropZoneProps {
  accept: string;
  onFiles: (files: File[]) => void;
  hint: string;
  disabled?: boolean;
  label?: string;
}

/** Choose files by click or drag and drop. */
export function FileDropZone({ accept, onFiles, hint, disabled = false, label: labelProp }: FileDropZoneProps) {
  const { t } = useTranslation('knowledge');
  const label = labelProp ?? t('dropZone.choose');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'grid justify-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
        over && 'border-primary bg-accent/50',
      )}
    >
      <UploadCloud className="size-8 text-muted-foreground" aria-hidden />
      <button
        type="button"
        className="font-medium text-primary hover:underline disabled:opacity-50"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <p className="text-xs text-muted-foreground">{t('dropZone.orDrag', { hint })}</p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        aria-label={label}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { sizeInKb } from '../lib/format';

/** Chosen files with name and size in KB, each removable. */
export function FileList({
  files,
  onRemove,
  disabled,
}: {
  files: File[];
  onRemove: (index: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('knowledge');
  if (files.length === 0) return null;
  return (
    <ul className="grid max-h-48 gap-1 overflow-auto text-sm" aria-label={t('files.selected')}>
      {files.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="flex items-center justify-between gap-2 rounded-md bg-muted px-2 py-1"
        >
          <span className="truncate">{file.name}</span>
          <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
            {sizeInKb(file.size)}
            <Button
              variant="ghost"
              size="icon"
              className="size-6"
              aria-label={t('files.remove', { name: file.name })}
              disabled={disabled}
              onClick={() => onRemove(index)}
            >
              <X aria-hidden />
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

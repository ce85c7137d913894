import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { resizeImageToDataUrl } from '../../../lib/resize-image';

interface AvatarPickerProps {
  value: string | null;
  initials: string;
  name: string;
  disabled?: boolean;
  onChange: (value: string | null) => void;
}

/** Picks an image, shrinks it to at most 128 px in the browser, and hands back a PNG data URL. */
export function AvatarPicker({ value, initials, name, disabled = false, onChange }: AvatarPickerProps) {
  const inputId = useId();
  const { t } = useTranslation('profile');
  const inputRef = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProcessing(true);
    try {
      onChange(await resizeImageToDataUrl(file));
    } catch (error) {
      const description = error instanceof Error ? error.message : t('avatar.unreadable');
      toast({ title: t('avatar.invalid'), description, variant: 'destructive' });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="flex items-center gap-4">
      <UserAvatar src={value} initials={initials} alt={name} className="size-16 text-base" />
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-label={t('avatar.input')}
          className="sr-only"
          disabled={disabled || processing}
          onChange={(event) => void onFile(event)}
        />
        <Button variant="outline" size="sm" disabled={disabled || processing} onClick={() => inputRef.current?.click()}>
          {processing ? <Spinner /> : <ImageUp aria-hidden />}
          {t('avatar.upload')}
        </Button>
        {value ? (
          <Button variant="ghost" size="sm" disabled={disabled || processing} onClick={() => onChange(null)}>
            <Trash2 aria-hidden />
            {t('avatar.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

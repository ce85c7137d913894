import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';

/**
 * The new chat's "Temporary chat" toggle: on opens a chat that is never saved; off leaves it (the temporary
 * chat screen asks first when it has messages).
 */
export function TemporaryChatSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation('temporaryChat');
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={on} onCheckedChange={(next) => void navigate(next ? paths.temporaryChat : paths.home)} />
      <Label htmlFor={id} className="text-sm whitespace-nowrap">
        {t('switch')}
      </Label>
    </div>
  );
}

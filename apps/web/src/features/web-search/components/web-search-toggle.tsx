import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface WebSearchToggleProps {
  on: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}

/** "Search the web" beside Attach: pressed while the next answers search the web (issue 20). */
export function WebSearchToggle({ on, onChange, disabled }: WebSearchToggleProps) {
  const { t } = useTranslation('webSearch');
  return (
    <Button
      type="button"
      variant={on ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={on}
      title={on ? t('toggle.onHint') : t('toggle.offHint')}
      disabled={disabled}
      onClick={() => onChange(!on)}
      className={cn('h-9 gap-1 px-2', on && 'text-primary')}
    >
      <Globe aria-hidden />
      <span className="text-xs">{t('toggle.label')}</span>
    </Button>
  );
}

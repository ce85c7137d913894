import type { AdvancedRetrievalOptions } from '@hearth/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { AdvancedRetrievalControls } from './advanced-retrieval-controls';

interface AdvancedRetrievalPopoverProps {
  options: AdvancedRetrievalOptions;
  onChange: (options: AdvancedRetrievalOptions) => void;
}

/**
 * The advanced retrieval controls as a button in the composer that opens them above it: the full panel took a
 * third of the screen above the input. The button shows whether advanced retrieval is on; Escape or a click
 * outside closes the panel (focus goes back to the button on Escape).
 */
export function AdvancedRetrievalPopover({ options, onChange }: AdvancedRetrievalPopoverProps) {
  const { t } = useTranslation('knowledge');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="static">
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={options.enabled ? t('advanced.buttonOn') : t('advanced.buttonOff')}
        onClick={() => setOpen((value) => !value)}
        className={cn('h-9 gap-1 px-2', options.enabled && 'text-primary')}
      >
        <SlidersHorizontal aria-hidden />
        <span className="text-xs">{options.enabled ? t('advanced.shortOn') : t('advanced.short')}</span>
      </Button>
      {open ? (
        <div
          id={panelId}
          className="absolute bottom-full left-2 z-30 mb-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg bg-popover text-popover-foreground shadow-md"
        >
          <AdvancedRetrievalControls options={options} onChange={onChange} className="bg-popover" />
        </div>
      ) : null}
    </div>
  );
}

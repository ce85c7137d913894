import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { isApple } from '../lib/keys';

interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Every keyboard shortcut the app has, in one list. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  const { t } = useTranslation('search');
  const mod = isApple() ? '⌘' : t('keys.ctrl');
  const shift = t('keys.shift');
  const shortcuts: [string[][], string][] = [
    [[[mod, 'K']], t('shortcuts.search')],
    [[[mod, shift, 'O']], t('shortcuts.newChat')],
    [[[t('keys.esc')]], t('shortcuts.stop')],
    [[['↑']], t('shortcuts.editLast')],
    [[[t('keys.enter')]], t('shortcuts.send')],
    [[[shift, t('keys.enter')]], t('shortcuts.newLine')],
    [[[mod, '/'], ['?']], t('shortcuts.help')],
    [[[mod, 'B']], t('shortcuts.sidebar')],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {shortcuts.map(([combos, label]) => (
            <div key={label} className="flex items-center justify-between gap-4">
              <dt>{label}</dt>
              <dd className="flex shrink-0 items-center gap-1 text-muted-foreground">
                {combos.map((keys, index) => (
                  <span key={keys.join('+')} className="flex items-center gap-1">
                    {index > 0 ? <span>{t('shortcuts.or')}</span> : null}
                    {keys.map((key) => (
                      <kbd
                        key={key}
                        className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground"
                      >
                        {key}
                      </kbd>
                    ))}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

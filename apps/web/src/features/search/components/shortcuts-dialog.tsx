import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { modKey } from '../lib/keys';

interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Every keyboard shortcut the app has, in one list. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  const mod = modKey();
  const shortcuts: [string[][], string][] = [
    [[[mod, 'K']], 'Search conversations'],
    [[[mod, 'Shift', 'O']], 'New chat'],
    [[['Esc']], 'Stop the answer being written'],
    [[['↑']], 'Edit your last message (in an empty message box)'],
    [[['Enter']], 'Send the message'],
    [[['Shift', 'Enter']], 'New line in the message'],
    [[[mod, '/'], ['?']], 'Show these shortcuts'],
    [[[mod, 'B']], 'Show or hide the sidebar'],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Work without the mouse.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {shortcuts.map(([combos, label]) => (
            <div key={label} className="flex items-center justify-between gap-4">
              <dt>{label}</dt>
              <dd className="flex shrink-0 items-center gap-1 text-muted-foreground">
                {combos.map((keys, index) => (
                  <span key={keys.join('+')} className="flex items-center gap-1">
                    {index > 0 ? <span>or</span> : null}
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

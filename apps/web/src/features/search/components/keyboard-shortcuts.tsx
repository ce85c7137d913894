import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { setShortcutDialog, useShortcutDialog } from '../lib/dialogs';
import { isTyping } from '../lib/keys';
import { CommandPalette } from './command-palette';
import { ShortcutsDialog } from './shortcuts-dialog';

/**
 * The app-wide shortcuts (mounted once in the signed-in shell): Ctrl/Cmd+K search, Ctrl/Cmd+Shift+O new chat,
 * Ctrl/Cmd+/ or ? the help. The modifier shortcuts work in text fields too (that is where people are when they
 * want them); "?" only outside them. Escape and ↑ belong to the chat screen and its composer.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const open = useShortcutDialog();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.shiftKey && key === 'k') {
        event.preventDefault();
        setShortcutDialog(open === 'palette' ? null : 'palette');
      } else if (mod && event.shiftKey && key === 'o') {
        event.preventDefault();
        setShortcutDialog(null);
        void navigate(paths.home);
      } else if ((mod && key === '/') || (!mod && event.key === '?' && !isTyping(event.target))) {
        event.preventDefault();
        setShortcutDialog('help');
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, open]);

  const onOpenChange = (which: 'palette' | 'help') => (next: boolean) => setShortcutDialog(next ? which : null);
  return (
    <>
      <CommandPalette open={open === 'palette'} onOpenChange={onOpenChange('palette')} />
      <ShortcutsDialog open={open === 'help'} onOpenChange={onOpenChange('help')} />
    </>
  );
}

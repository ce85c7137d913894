import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before unsaved changes are lost: the browser's own prompt when the tab is closed or reloaded, and a
 * blocker (to show a confirmation) for navigation inside the app. Call `allowLeave` before a deliberate exit.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const allowLeave = () => {
    leaving.current = true;
  };
  return { blocker, allowLeave };
}

/** Ctrl/Cmd+S saves and Escape cancels, anywhere on the page, unless a dialog is open (it handles its own keys). */
export function useEditorKeys(onSave: () => void, onCancel: () => void) {
  const handlers = useRef({ onSave, onCancel });
  useEffect(() => {
    handlers.current = { onSave, onCancel };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        handlers.current.onSave();
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        handlers.current.onCancel();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

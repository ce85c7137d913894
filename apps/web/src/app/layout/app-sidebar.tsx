import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useSidebar } from './sidebar-context';
import { SidebarContent } from './sidebar-content';

/** 16rem expanded, 3rem icon rail when collapsed; an 18rem drawer on small screens. */
export function AppSidebar() {
  const { state, isMobile, openMobile, setOpenMobile } = useSidebar();
  const { t } = useTranslation('common');

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <DialogPrimitive.Content
            data-testid="sidebar-mobile"
            aria-describedby={undefined}
            className="fixed inset-y-0 start-0 z-50 w-72 border-e bg-sidebar text-sidebar-foreground shadow-lg focus-visible:outline-none"
          >
            <DialogPrimitive.Title className="sr-only">{t('shell.sidebar')}</DialogPrimitive.Title>
            <SidebarContent collapsed={false} onNavigate={() => setOpenMobile(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  return (
    <aside
      data-testid="sidebar"
      data-state={state}
      className={cn(
        'sticky top-0 flex h-svh shrink-0 flex-col border-e bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        state === 'expanded' ? 'w-64' : 'w-12',
      )}
    >
      <SidebarContent collapsed={state === 'collapsed'} />
    </aside>
  );
}

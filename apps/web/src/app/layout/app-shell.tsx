import { PanelLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { VerifyEmailBanner } from '../../features/recovery';
import { KeyboardShortcuts } from '../../features/search';
import { UpdateNotice } from '../../features/updates/components/update-notice';
import { AppSidebar } from './app-sidebar';
import { useSidebar } from './sidebar-context';
import { SidebarProvider } from './sidebar-provider';

function SidebarTrigger() {
  const { toggleSidebar } = useSidebar();
  const { t } = useTranslation('common');
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('shell.toggleSidebar')}
      title={t('shell.toggleSidebarHint')}
      onClick={toggleSidebar}
    >
      <PanelLeft aria-hidden className="rtl:-scale-x-100" />
    </Button>
  );
}

/** The signed-in layout: sidebar plus a header and the page. */
export function AppShell() {
  const { user } = useAuth();
  return (
    <SidebarProvider>
      <div className="flex min-h-svh w-full">
        <AppSidebar />
        {/* The chat fills exactly one screen (its thread scrolls inside); every other page scrolls the window. */}
        <div className="flex min-w-0 flex-1 flex-col has-[[data-testid=chat-screen]]:h-svh">
          <header className="sticky top-0 z-10 flex h-12 shrink-0 items-center gap-2 border-b bg-background/95 px-2">
            <SidebarTrigger />
          </header>
          {/* In the flow, under the header: an update notice never covers the page (the chat's model picker). */}
          <UpdateNotice userId={user?.id} />
          <VerifyEmailBanner userId={user?.id} />
          <main className="flex min-h-0 flex-1 flex-col">
            <Outlet />
          </main>
          <KeyboardShortcuts />
        </div>
      </div>
    </SidebarProvider>
  );
}

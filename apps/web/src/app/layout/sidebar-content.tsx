import { Flame, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { ConversationList } from '../../features/chat/components/conversation-list';
import { cn } from '../../lib/cn';
import { LOWER_LINKS, MAIN_LINKS } from './sidebar-links';
import { SidebarNavLink } from './sidebar-nav-link';
import { UserMenu } from './user-menu';

interface SidebarContentProps {
  collapsed: boolean;
  /** Called after any navigation, so the mobile drawer can close. */
  onNavigate?: () => void;
}

export function SidebarContent({ collapsed, onNavigate }: SidebarContentProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const { user, isAdmin } = useAuth();
  const lowerLinks = LOWER_LINKS.filter((link) => !link.adminOnly || isAdmin);

  const startNewChat = () => {
    onNavigate?.();
    void navigate(paths.home);
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-2 p-2">
      {collapsed ? null : (
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-2 px-2 py-1 font-semibold">
            <Flame className="size-5 text-primary" aria-hidden />
            <span>Hearth</span>
          </div>
          <Button variant="outline" className="w-full justify-start" onClick={startNewChat}>
            <SquarePen aria-hidden />
            {t('shell.newChat')}
          </Button>
        </div>
      )}
      <nav aria-label={t('shell.mainNav')} className="flex flex-col gap-1">
        {MAIN_LINKS.map((link) => (
          <SidebarNavLink key={link.to} link={link} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </nav>
      <section aria-labelledby="sidebar-chats" className={cn('min-h-0 flex-1 overflow-y-auto', collapsed && 'hidden')}>
        <h2 id="sidebar-chats" className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
          {t('shell.chats')}
        </h2>
        <ConversationList signedIn={user !== null} onNavigate={onNavigate} />
      </section>
      {collapsed ? (
        <div className="flex-1" />
      ) : (
        <nav aria-label={t('shell.moreNav')} className="flex flex-col gap-1 border-t pt-2">
          {lowerLinks.map((link) => (
            <SidebarNavLink key={link.to} link={link} collapsed={false} onNavigate={onNavigate} />
          ))}
        </nav>
      )}
      <div className="border-t pt-2">
        <UserMenu collapsed={collapsed} onNavigate={onNavigate} />
      </div>
    </div>
  );
}

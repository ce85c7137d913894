import { ChevronsUpDown, Keyboard, LogOut, RefreshCw, Settings, User } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ThemeMenuItems } from '../../components/theme-menu-items';
import { UserAvatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { toast } from '../../components/ui/toast-store';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { UpdateSettingsDialog } from '../../features/privacy/components/update-settings-dialog';
import { setShortcutDialog } from '../../features/search';
import { errorMessage } from '../../lib/api-error';
import { cn } from '../../lib/cn';
import { getDisplayName, getInitials } from '../../lib/initials';

interface UserMenuProps {
  collapsed: boolean;
  onNavigate?: () => void;
}

export function UserMenu({ collapsed, onNavigate }: UserMenuProps) {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('common');
  const { user, isAdmin } = useAuth();
  const logoutMutation = useLogout();
  const [updateSettingsOpen, setUpdateSettingsOpen] = useState(false);
  if (!user) return null;

  const name = getDisplayName(user.full_name, user.email);
  const avatar = <UserAvatar src={user.avatar_url} initials={getInitials(user.full_name, user.email)} alt={name} />;

  const go = (to: string) => {
    onNavigate?.();
    void navigate(to);
  };

  const signOut = async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch (error) {
      toast({ title: t('userMenu.signOutFailed'), description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: t('userMenu.signedOut'), description: t('userMenu.signedOutDescription') });
    onNavigate?.();
    void navigate(paths.auth, { replace: true });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={collapsed ? t('userMenu.label', { name }) : undefined}
          data-testid="user-menu"
          className={cn(
            'flex w-full items-center gap-2 rounded-md p-1 text-start text-sm hover:bg-sidebar-accent',
            'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            collapsed && 'justify-center p-0',
          )}
        >
          {avatar}
          {collapsed ? null : (
            <>
              <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
              {isAdmin ? <Badge>{t('userMenu.admin')}</Badge> : null}
              <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side={collapsed ? (i18n.dir() === 'rtl' ? 'left' : 'right') : 'top'}
          align="start"
          className="w-60"
        >
          <DropdownMenuLabel className="flex items-center gap-2 font-normal">
            {avatar}
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </span>
            {isAdmin ? <Badge>{t('userMenu.admin')}</Badge> : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => go(paths.profile)}>
            <User aria-hidden />
            {t('userMenu.profile')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => go(paths.settings)}>
            <Settings aria-hidden />
            {t('userMenu.settings')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setShortcutDialog('help')}>
            <Keyboard aria-hidden />
            {t('userMenu.shortcuts')}
          </DropdownMenuItem>
          {user.role === 'super_admin' ? (
            <DropdownMenuItem onSelect={() => setUpdateSettingsOpen(true)}>
              <RefreshCw aria-hidden />
              {t('userMenu.updateSettings')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <ThemeMenuItems />
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => void signOut()}>
            <LogOut aria-hidden />
            {t('userMenu.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {user.role === 'super_admin' ? (
        <UpdateSettingsDialog open={updateSettingsOpen} onOpenChange={setUpdateSettingsOpen} />
      ) : null}
    </>
  );
}

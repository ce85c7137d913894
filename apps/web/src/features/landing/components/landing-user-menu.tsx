import type { Me } from '@hearth/contract';
import { LayoutDashboard, LogOut, Settings, Shield, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ThemeMenuItems } from '../../../components/theme-menu-items';
import { UserAvatar } from '../../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { getDisplayName, getInitials } from '../../../lib/initials';
import { useLogout } from '../../auth';

/** The signed-in visitor's avatar menu in the landing header (it replaces Sign In and Get Started). */
export function LandingUserMenu({ user, isAdmin }: { user: Me; isAdmin: boolean }) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const logoutMutation = useLogout();
  const name = getDisplayName(user.full_name, user.email);
  const initials = getInitials(user.full_name, user.email);

  const signOut = async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch (error) {
      toast({ title: t('userMenu.signOutFailed'), description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: t('userMenu.signedOut'), description: t('userMenu.signedOutDescription') });
    void navigate(paths.auth, { replace: true });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="landing-user-menu"
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <UserAvatar src={user.avatar_url} initials={initials} alt="" />
        <span className="sr-only">{t('userMenu.label', { name })}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.dashboard)}>
          <LayoutDashboard aria-hidden />
          {t('userMenu.openDashboard')}
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem onSelect={() => void navigate(paths.admin)}>
            <Shield aria-hidden />
            {t('nav.admin')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => void navigate(paths.profile)}>
          <User aria-hidden />
          {t('userMenu.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(paths.settings)}>
          <Settings aria-hidden />
          {t('userMenu.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <ThemeMenuItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          {t('userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

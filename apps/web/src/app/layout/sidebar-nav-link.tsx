import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import type { SidebarLink } from './sidebar-links';

interface SidebarNavLinkProps {
  link: SidebarLink;
  collapsed: boolean;
  onNavigate?: () => void;
}

export function SidebarNavLink({ link, collapsed, onNavigate }: SidebarNavLinkProps) {
  const Icon = link.icon;
  const { t } = useTranslation('common');
  const label = t(link.labelKey);
  return (
    <NavLink
      to={link.to}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) =>
        cn(
          'flex h-8 items-center gap-2 rounded-md px-2 text-sm transition-colors hover:bg-sidebar-accent',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          collapsed && 'justify-center px-0',
          isActive && 'bg-sidebar-accent font-medium',
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {collapsed ? null : <span className="truncate">{label}</span>}
    </NavLink>
  );
}

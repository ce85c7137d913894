import { Archive, House, LayoutGrid, Rocket, Search, ShieldCheck, type LucideIcon } from 'lucide-react';
import { paths } from '../../config/paths';

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Only pages that exist: Notes and Playground come back when they are built. */
export const MAIN_LINKS: readonly SidebarLink[] = [
  { to: paths.search, label: 'Search', icon: Search },
  { to: paths.workspace, label: 'Workspace', icon: LayoutGrid },
  { to: paths.archived, label: 'Archived Chats', icon: Archive },
];

export const LOWER_LINKS: readonly SidebarLink[] = [
  { to: paths.quickStart, label: 'Setup Guide', icon: Rocket },
  { to: paths.landing, label: 'Landing Page', icon: House },
  { to: paths.admin, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
];

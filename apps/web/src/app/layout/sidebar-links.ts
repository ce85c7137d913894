import { House, LayoutGrid, Rocket, ShieldCheck, type LucideIcon } from 'lucide-react';
import { paths } from '../../config/paths';

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Only pages that exist: Search, Notes, Archived Chats and Playground come back when they are built. */
export const MAIN_LINKS: readonly SidebarLink[] = [{ to: paths.workspace, label: 'Workspace', icon: LayoutGrid }];

export const LOWER_LINKS: readonly SidebarLink[] = [
  { to: paths.quickStart, label: 'Setup Guide', icon: Rocket },
  { to: paths.landing, label: 'Landing Page', icon: House },
  { to: paths.admin, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
];

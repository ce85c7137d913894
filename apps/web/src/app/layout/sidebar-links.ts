import {
  Archive,
  FlaskConical,
  House,
  LayoutGrid,
  NotebookPen,
  Rocket,
  Search,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../config/paths';

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

export const MAIN_LINKS: readonly SidebarLink[] = [
  { to: paths.search, label: 'Search', icon: Search },
  { to: paths.notes, label: 'Notes', icon: NotebookPen },
  { to: paths.workspace, label: 'Workspace', icon: LayoutGrid },
];

export const LOWER_LINKS: readonly SidebarLink[] = [
  { to: paths.quickStart, label: 'Setup Guide', icon: Rocket },
  { to: paths.landing, label: 'Landing Page', icon: House },
  { to: paths.archived, label: 'Archived Chats', icon: Archive },
  { to: paths.playground, label: 'Playground', icon: FlaskConical },
  { to: paths.admin, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
];

import { Archive, House, LayoutGrid, Rocket, Search, ShieldCheck, type LucideIcon } from 'lucide-react';
import { paths } from '../../config/paths';

export interface SidebarLink {
  to: string;
  /** A key of the `common` namespace. */
  labelKey: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Only pages that exist: Notes and Playground come back when they are built. */
export const MAIN_LINKS: readonly SidebarLink[] = [
  { to: paths.search, labelKey: 'nav.search', icon: Search },
  { to: paths.workspace, labelKey: 'nav.workspace', icon: LayoutGrid },
  { to: paths.archived, labelKey: 'nav.archived', icon: Archive },
];

export const LOWER_LINKS: readonly SidebarLink[] = [
  { to: paths.quickStart, labelKey: 'nav.setupGuide', icon: Rocket },
  { to: paths.landing, labelKey: 'nav.landing', icon: House },
  { to: paths.admin, labelKey: 'nav.admin', icon: ShieldCheck, adminOnly: true },
];

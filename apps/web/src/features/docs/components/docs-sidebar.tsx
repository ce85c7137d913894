import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { type DocNavGroup, docsNav, filterNav } from '../lib/docs-nav';

function SidebarGroup({ group, forceOpen }: { group: DocNavGroup; forceOpen: boolean }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const expanded = forceOpen || open;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left text-sm font-semibold hover:bg-accent"
      >
        {group.title}
        <ChevronDown className={cn('size-4 transition-transform', !expanded && '-rotate-90')} aria-hidden />
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 mb-3 space-y-0.5 border-l pl-2">
        {group.items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-foreground',
                  isActive && 'bg-accent font-medium text-foreground',
                )
              }
            >
              {item.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The docs sidebar: a title filter and collapsible groups; the current page is marked (aria-current). */
export function DocsSidebar({ groups = docsNav }: { groups?: DocNavGroup[] }) {
  const { t } = useTranslation('docs');
  const [query, setQuery] = useState('');
  const filterId = useId();
  const visible = filterNav(groups, query);
  const filtering = query.trim() !== '';
  return (
    <nav aria-label={t('sidebar.label')} className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={filterId} className="text-xs font-medium text-muted-foreground">
          {t('sidebar.filter')}
        </label>
        <Input
          id={filterId}
          type="search"
          placeholder={t('sidebar.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {visible.length === 0 ? (
        <p role="status" className="px-2 text-sm text-muted-foreground">
          {t('sidebar.noMatch', { query: query.trim() })}
        </p>
      ) : (
        <ul>
          {visible.map((group) => (
            <SidebarGroup key={group.title} group={group} forceOpen={filtering} />
          ))}
        </ul>
      )}
    </nav>
  );
}

import { type ComponentType, lazy, Suspense } from 'react';
import { PageSpinner } from '../components/ui/spinner';

/**
 * Screens loaded on first visit rather than in the initial bundle (budget: 250 KB of gzipped JS, measured by
 * `npm run bench:web`). The chat and sign-in stay in the initial bundle: they are where most visits start.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(async () => ({ default: await load() }));
  function LazyScreen(props: P) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}

export const LandingPage = lazyScreen(() =>
  import('../features/landing/components/landing-page').then((module) => module.LandingPage),
);
export const SetupPage = lazyScreen(() =>
  import('../features/setup/components/setup-page').then((module) => module.SetupPage),
);
export const AdminDashboard = lazyScreen(() =>
  import('../features/admin/components/admin-dashboard').then((module) => module.AdminDashboard),
);
export const KnowledgeScreen = lazyScreen(() =>
  import('../features/knowledge/components/knowledge-screen').then((module) => module.KnowledgeScreen),
);
export const UploadScreen = lazyScreen(() =>
  import('../features/knowledge/components/upload-screen').then((module) => module.UploadScreen),
);
export const WorkspaceRoute = lazyScreen(() =>
  import('./routes/workspace/workspace-route').then((module) => module.WorkspaceRoute),
);
export const SearchPage = lazyScreen(() =>
  import('../features/search/components/search-page').then((module) => module.SearchPage),
);
export const ArchivedPage = lazyScreen(() =>
  import('../features/chat/components/archived-page').then((module) => module.ArchivedPage),
);
export const SettingsRoute = lazyScreen(() => import('./routes/settings-route').then((module) => module.SettingsRoute));
export const ProfileRoute = lazyScreen(() => import('./routes/profile-route').then((module) => module.ProfileRoute));
export const DocsRoute = lazyScreen(() =>
  import('../features/docs/components/docs-route').then((module) => module.DocsRoute),
);
// Both render answers with the full Markdown renderer (KaTeX, highlighting): kept out of the initial bundle.
export const TemporaryChatRoute = lazyScreen(() =>
  import('./routes/temporary-chat-route').then((module) => module.TemporaryChatRoute),
);
export const SharedConversationPage = lazyScreen(() =>
  import('../features/sharing/components/shared-conversation-page').then((module) => module.SharedConversationPage),
);

import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../components/not-built-yet';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/auth-page';
import { HomeGate } from './guards/home-gate';
import { RequireAuth } from './guards/require-auth';
import { ChatRoute } from './routes/chat-route';
import { NotFoundPage } from './routes/not-found-page';
import { ProfileRoute } from './routes/profile-route';
import { KnowledgeScreen } from '../features/knowledge/components/knowledge-screen';
import { UploadScreen } from '../features/knowledge/components/upload-screen';
import { SearchPage } from './routes/search-page';
import { SettingsRoute } from './routes/settings-route';
import { WorkspaceRoute } from './routes/workspace/workspace-route';

const placeholder = (path: string, title: string): RouteObject => ({ path, element: <NotBuiltYet title={title} /> });
const publicPlaceholder = (path: string, title: string): RouteObject => ({
  path,
  element: <NotBuiltYet title={title} standalone />,
});

export const routes: RouteObject[] = [
  { path: paths.auth, element: <AuthPage /> },
  publicPlaceholder(paths.landing, 'Landing Page'),
  publicPlaceholder(paths.quickStart, 'Setup Guide'),
  publicPlaceholder(paths.docs.root, 'Documentation'),
  publicPlaceholder(paths.docs.gettingStarted, 'Getting Started'),
  publicPlaceholder(paths.docs.docker, 'Quick Start with Docker'),
  publicPlaceholder(paths.docs.features, 'Features'),
  publicPlaceholder(paths.docs.api, 'API Reference'),
  {
    // "/" shows the landing page to visitors; every other page here needs a signed-in user.
    element: <HomeGate />,
    children: [
      { path: paths.home, element: <ChatRoute /> },
      { path: paths.dashboard, element: <ChatRoute /> },
      { path: paths.chatPattern, element: <ChatRoute /> },
      { path: paths.workspace, element: <WorkspaceRoute /> },
      { path: paths.workspaceTabPattern, element: <WorkspaceRoute /> },
      { path: paths.knowledge, element: <KnowledgeScreen /> },
      { path: paths.upload, element: <UploadScreen /> },
      { path: paths.search, element: <SearchPage /> },
      placeholder(paths.notes, 'Notes'),
      placeholder(paths.archived, 'Archived Chats'),
      placeholder(paths.playground, 'Playground'),
      { path: paths.settings, element: <SettingsRoute /> },
      { path: paths.profile, element: <ProfileRoute /> },
      {
        path: paths.admin,
        element: (
          <RequireAuth adminOnly>
            <NotBuiltYet title="Admin Panel" />
          </RequireAuth>
        ),
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

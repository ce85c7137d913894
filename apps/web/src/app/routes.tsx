import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/auth-page';
import { docsNavItems } from '../features/docs/lib/docs-nav';
import { ResetPasswordPage, VerifyEmailPage } from '../features/recovery';
import { HomeGate } from './guards/home-gate';
import { RequireAuth } from './guards/require-auth';
import {
  AdminDashboard,
  ArchivedPage,
  DocsRoute,
  KnowledgeScreen,
  LandingPage,
  ProfileRoute,
  SearchPage,
  SettingsRoute,
  SetupPage,
  SharedConversationPage,
  TemporaryChatRoute,
  UploadScreen,
  WorkspaceRoute,
} from './lazy-screens';
import { ChatRoute } from './routes/chat-route';
import { NotFoundPage } from './routes/not-found-page';

export const routes: RouteObject[] = [
  { path: paths.auth, element: <AuthPage /> },
  { path: paths.landing, element: <LandingPage /> },
  // Opened from one-time links (mail or an admin); they work signed in or not.
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: paths.verifyEmail, element: <VerifyEmailPage /> },
  { path: paths.quickStart, element: <SetupPage /> },
  // A share link: the page itself says when signing in is needed (issue 17).
  { path: paths.sharedPattern, element: <SharedConversationPage /> },
  // Every page of the docs sidebar (features/docs); any other /docs path falls through to the 404 page.
  ...docsNavItems.map((item): RouteObject => ({ path: item.path, element: <DocsRoute /> })),
  {
    // "/" shows the landing page to visitors; every other page here needs a signed-in user.
    element: <HomeGate />,
    children: [
      { path: paths.home, element: <ChatRoute /> },
      { path: paths.dashboard, element: <ChatRoute /> },
      { path: paths.chatPattern, element: <ChatRoute /> },
      { path: paths.temporaryChat, element: <TemporaryChatRoute /> },
      { path: paths.workspace, element: <WorkspaceRoute /> },
      { path: paths.workspaceTabPattern, element: <WorkspaceRoute /> },
      { path: paths.knowledge, element: <KnowledgeScreen /> },
      { path: paths.upload, element: <UploadScreen /> },
      { path: paths.archived, element: <ArchivedPage /> },
      { path: paths.search, element: <SearchPage /> },
      { path: paths.settings, element: <SettingsRoute /> },
      { path: paths.profile, element: <ProfileRoute /> },
      {
        path: paths.admin,
        element: (
          <RequireAuth>
            <AdminDashboard />
          </RequireAuth>
        ),
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** Every URL the web app uses: client routes and server endpoints. */
export const paths = {
  home: '/',
  auth: '/auth',
  landing: '/landing',
  quickStart: '/quick-start',
  dashboard: '/dashboard',
  workspace: '/workspace',
  knowledge: '/knowledge',
  upload: '/upload',
  search: '/search',
  notes: '/notes',
  archived: '/archived',
  playground: '/playground',
  settings: '/settings',
  profile: '/profile',
  admin: '/admin',
  docs: {
    root: '/docs',
    gettingStarted: '/docs/getting-started',
    docker: '/docs/quick-start/docker',
    features: '/docs/features',
    api: '/docs/api',
  },
} as const;

export const apiPaths = {
  health: '/health',
  apiReference: '/api/docs',
  auth: {
    me: '/api/auth/me',
    signup: '/api/auth/signup',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    password: '/api/auth/password',
  },
  profile: '/api/profile',
  tokens: {
    list: '/api/tokens',
    create: '/api/tokens',
    byId: (id: string) => `/api/tokens/${encodeURIComponent(id)}`,
  },
} as const;

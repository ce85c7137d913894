/** Every URL the web app uses: client routes and server endpoints. */
export const paths = {
  home: '/',
  auth: '/auth',
  landing: '/landing',
  quickStart: '/quick-start',
  dashboard: '/dashboard',
  /** A conversation opened from the sidebar. */
  chat: (id: string) => `/c/${encodeURIComponent(id)}`,
  chatPattern: '/c/:conversationId',
  workspace: '/workspace',
  workspaceTab: (tab: string) => `/workspace/${encodeURIComponent(tab)}`,
  workspaceTabPattern: '/workspace/:tab',
  /** The AI Models screen: the Models tab of the workspace. */
  models: '/workspace/models',
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
  events: '/api/events',
  conversations: {
    list: '/api/conversations',
    clear: '/api/conversations',
    byId: (id: string) => `/api/conversations/${encodeURIComponent(id)}`,
    messages: (id: string) => `/api/conversations/${encodeURIComponent(id)}/messages`,
    regenerate: (id: string) => `/api/conversations/${encodeURIComponent(id)}/regenerate`,
    edit: (id: string, messageId: string) =>
      `/api/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/edit`,
    stop: (id: string) => `/api/conversations/${encodeURIComponent(id)}/stop`,
  },
  chat: {
    stream: '/api/chat/stream',
    attachments: '/api/chat/attachments',
    attachmentContent: (id: string) => `/api/chat/attachments/${encodeURIComponent(id)}/content`,
  },
  models: {
    status: '/api/ollama/status',
    systemMode: '/api/system/mode',
    list: '/api/ollama/models',
    vision: '/api/vision/models',
    providers: '/api/models/providers',
    provider: (id: string) => `/api/models/providers/${encodeURIComponent(id)}`,
    testProvider: (id: string) => `/api/models/providers/${encodeURIComponent(id)}/test`,
    pull: '/api/models/pull',
    downloads: '/api/models/downloads',
    download: (id: string) => `/api/models/downloads/${encodeURIComponent(id)}`,
    starters: '/api/models/starters',
    byName: (providerId: string, name: string) =>
      `/api/models/${encodeURIComponent(providerId)}/${encodeURIComponent(name)}`,
  },
  tokens: {
    list: '/api/tokens',
    create: '/api/tokens',
    byId: (id: string) => `/api/tokens/${encodeURIComponent(id)}`,
  },
} as const;

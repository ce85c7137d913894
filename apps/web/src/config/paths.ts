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
  /** A read-only share link (issue 17); the token is the secret. */
  shared: (token: string) => `/s/${encodeURIComponent(token)}`,
  sharedPattern: '/s/:token',
  /** Temporary chat (issue 17): nothing is saved. */
  temporaryChat: '/temporary',
  /** A new chat started from a preset (issue 17). */
  presetChat: (presetId: string) => `/?preset=${encodeURIComponent(presetId)}`,
  workspace: '/workspace',
  workspaceTab: (tab: string) => `/workspace/${encodeURIComponent(tab)}`,
  workspaceTabPattern: '/workspace/:tab',
  /** The AI Models screen: the Models tab of the workspace. */
  models: '/workspace/models',
  knowledge: '/knowledge',
  upload: '/upload',
  settings: '/settings',
  profile: '/profile',
  /** Archived conversations: list, search, restore, delete (issue 17). */
  archived: '/archived',
  /** Conversation search (issue 17); the Ctrl/Cmd+K palette searches the same. */
  search: '/search',
  admin: '/admin',
  /** Pages opened from one-time links in mails and admin dialogs (the secret is in the #fragment). */
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** One tab of the admin panel, e.g. adminTab('audit'). */
  adminTab: (tab: string) => `/admin?tab=${encodeURIComponent(tab)}`,
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
  /** Usage accounting and quotas (issue 19). */
  usage: {
    me: (days: number) => `/api/usage/me?days=${days}`,
    report: (days: number) => `/api/admin/usage/report?days=${days}`,
    /** A CSV download (the server names the file). */
    export: (days: number) => `/api/admin/usage/export?days=${days}`,
    quotas: '/api/admin/quotas',
    quota: (scope: string, targetId: string) =>
      `/api/admin/quotas/${encodeURIComponent(scope)}/${encodeURIComponent(targetId)}`,
  },
  /** Voice (issue 20): dictation and read-aloud through the server's speech runtime, when one is configured. */
  voice: {
    status: '/api/audio/status',
    transcriptions: '/api/audio/transcriptions',
    speech: '/api/audio/speech',
    settings: '/api/admin/settings/speech',
  },
  apiReference: '/api/docs',
  /** The server's OpenAPI document (the docs site's API reference is built from it). */
  openApi: '/api/openapi.json',
  auth: {
    me: '/api/auth/me',
    signup: '/api/auth/signup',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    password: '/api/auth/password',
    /** Sessions page and two-factor sign-in (issue 16). */
    sessions: '/api/auth/sessions',
    session: (id: string) => `/api/auth/sessions/${encodeURIComponent(id)}`,
    revokeOtherSessions: '/api/auth/sessions/revoke-others',
    loginMfa: '/api/auth/login/mfa',
    mfa: '/api/auth/mfa',
    mfaEnrol: '/api/auth/mfa/enrol',
    mfaConfirm: '/api/auth/mfa/confirm',
    mfaDisable: '/api/auth/mfa/disable',
    invitation: (token: string) => `/api/auth/invitations/${encodeURIComponent(token)}`,
    /** Whether a fresh instance's first sign-up needs the setup code from the server log. */
    setup: '/api/auth/setup',
    /** Single sign-on (issue 16): which methods are on, the OIDC start link, the LDAP form. */
    sso: '/api/auth/sso',
    oidcStart: '/api/auth/oidc/start',
    ldapLogin: '/api/auth/ldap/login',
    /** Account recovery (issue 16): mail availability, reset by e-mail, e-mail verification. */
    recoveryOptions: '/api/auth/recovery-options',
    forgotPassword: '/api/auth/forgot-password',
    resetPassword: '/api/auth/reset-password',
    verifyEmail: '/api/auth/verify-email',
    emailVerification: '/api/auth/email-verification',
    resendVerification: '/api/auth/email-verification/resend',
  },
  profile: '/api/profile',
  /** The groups of the caller's organisation (whom to share collections and prompts with). */
  groups: '/api/groups',
  events: '/api/events',
  chatFolders: {
    list: '/api/chat-folders',
    byId: (id: string) => `/api/chat-folders/${encodeURIComponent(id)}`,
  },
  conversations: {
    list: '/api/conversations',
    /** Full-text search over the caller's own conversations (issue 17). */
    search: '/api/conversations/search',
    clear: '/api/conversations',
    byId: (id: string) => `/api/conversations/${encodeURIComponent(id)}`,
    messages: (id: string) => `/api/conversations/${encodeURIComponent(id)}/messages`,
    regenerate: (id: string) => `/api/conversations/${encodeURIComponent(id)}/regenerate`,
    edit: (id: string, messageId: string) =>
      `/api/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/edit`,
    stop: (id: string) => `/api/conversations/${encodeURIComponent(id)}/stop`,
    /** Run or decline a tool call waiting for approval (issue 20). */
    toolDecision: (id: string, callId: string) =>
      `/api/conversations/${encodeURIComponent(id)}/tool-calls/${encodeURIComponent(callId)}/decision`,
    /** Show the branch through a message (issue 17 branching). */
    branch: (id: string) => `/api/conversations/${encodeURIComponent(id)}/branch`,
    /** Organise (issue 17): pin, archive, move, tag one; bulk actions over several. */
    organize: (id: string) => `/api/conversations/${encodeURIComponent(id)}/organize`,
    bulk: '/api/conversations/bulk',
    /** A chat's own settings (issue 17). */
    settings: (id: string) => `/api/conversations/${encodeURIComponent(id)}/settings`,
    live: (id: string) => `/api/conversations/${encodeURIComponent(id)}/live`,
    /** Compare (issue 17): continue from one answer; stop one model's answer. */
    comparePick: (id: string) => `/api/conversations/${encodeURIComponent(id)}/compare/pick`,
    compareStop: (id: string) => `/api/conversations/${encodeURIComponent(id)}/compare/stop`,
  },
  chat: {
    stream: '/api/chat/stream',
    /** One message to two or three models side by side (issue 17). */
    compare: '/api/chat/compare',
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
    grants: '/api/models/grants',
    pull: '/api/models/pull',
    downloads: '/api/models/downloads',
    download: (id: string) => `/api/models/downloads/${encodeURIComponent(id)}`,
    starters: '/api/models/starters',
    byName: (providerId: string, name: string) =>
      `/api/models/${encodeURIComponent(providerId)}/${encodeURIComponent(name)}`,
  },
  knowledge: {
    collections: '/api/knowledge/collections',
    collection: (id: string) => `/api/knowledge/collections/${encodeURIComponent(id)}`,
    documents: (collectionId: string) => `/api/knowledge/collections/${encodeURIComponent(collectionId)}/documents`,
    /** Who an own collection is shared with (issue 16). */
    collectionShares: (collectionId: string) => `/api/knowledge/collections/${encodeURIComponent(collectionId)}/shares`,
    document: (id: string) => `/api/knowledge/documents/${encodeURIComponent(id)}`,
    documentFile: (id: string) => `/api/knowledge/documents/${encodeURIComponent(id)}/file`,
    documentRetry: (id: string) => `/api/knowledge/documents/${encodeURIComponent(id)}/retry`,
    /** A collection's retrieval quality reports (POST: Check quality). */
    qualityReports: (collectionId: string) =>
      `/api/knowledge/collections/${encodeURIComponent(collectionId)}/quality-reports`,
    search: '/api/knowledge/search',
    searchKnowledge: '/api/knowledge/search-knowledge',
    /** The instance's embedding model and the own collections' embedding progress (PUT: admins choose). */
    embedding: '/api/knowledge/embedding',
    scrape: '/api/knowledge/scrape',
    suggestCollections: '/api/knowledge/suggest-collections',
  },
  admin: {
    users: '/api/admin/users',
    user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
    userRole: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/role`,
    userBan: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/ban`,
    userUnban: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/unban`,
    importUsers: '/api/admin/users/import',
    /** A one-time password-reset link for the user (shown once). */
    userPasswordReset: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/password-reset`,
    userOrganization: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/organization`,
    organizations: '/api/admin/organizations',
    organization: (id: string) => `/api/admin/organizations/${encodeURIComponent(id)}`,
    groups: '/api/admin/groups',
    group: (id: string) => `/api/admin/groups/${encodeURIComponent(id)}`,
    groupMembers: (id: string) => `/api/admin/groups/${encodeURIComponent(id)}/members`,
    groupMember: (id: string, userId: string) =>
      `/api/admin/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
    pendingSignups: '/api/admin/signups/pending',
    signupDecision: (id: string, decision: 'approve' | 'reject') =>
      `/api/admin/signups/${encodeURIComponent(id)}/${decision}`,
    invitations: '/api/admin/invitations',
    invitation: (id: string) => `/api/admin/invitations/${encodeURIComponent(id)}`,
    stats: '/api/admin/stats',
    usage: '/api/admin/usage',
    securitySettings: '/api/admin/settings/security',
    systemSettings: '/api/admin/settings/system',
    networkSettings: '/api/admin/settings/network',
    egress: '/api/admin/egress',
    backups: '/api/admin/backups',
    backupSettings: '/api/admin/backups/settings',
    backupRun: '/api/admin/backups/run',
    ssoSettings: '/api/admin/settings/sso',
    ssoOidcTest: '/api/admin/settings/sso/oidc/test',
    ssoLdapTest: '/api/admin/settings/sso/ldap/test',
    versions: '/api/admin/versions',
    version: (id: string) => `/api/admin/versions/${encodeURIComponent(id)}`,
    deployVersion: (id: string) => `/api/admin/versions/${encodeURIComponent(id)}/deploy`,
    rollbackVersion: (id: string) => `/api/admin/versions/${encodeURIComponent(id)}/rollback`,
    deploymentLogs: '/api/admin/deployment-logs',
    githubIntegration: '/api/admin/integrations/github',
    githubIntegrationTest: '/api/admin/integrations/github/test',
    /** Documentation maintenance (the Documentation tab). */
    docsMaintenance: {
      settings: '/api/admin/docs/maintenance/settings',
      detect: '/api/admin/docs/changes/detect',
      changes: '/api/admin/docs/changes',
      draft: (changeId: string) => `/api/admin/docs/changes/${encodeURIComponent(changeId)}/draft`,
      draftJob: (jobId: string) => `/api/admin/docs/drafts/${encodeURIComponent(jobId)}`,
      generate: '/api/admin/docs/generate-update',
      updates: '/api/admin/docs/updates',
      processAutomatic: '/api/admin/docs/updates/process-automatic',
      apply: (updateId: string) => `/api/admin/docs/updates/${encodeURIComponent(updateId)}/apply`,
      reject: (updateId: string) => `/api/admin/docs/updates/${encodeURIComponent(updateId)}/reject`,
    },
  },
  /** Presets ("assistants", issue 17). */
  presets: {
    list: '/api/presets',
    byId: (id: string) => `/api/presets/${encodeURIComponent(id)}`,
    groups: (id: string) => `/api/presets/${encodeURIComponent(id)}/groups`,
  },
  prompts: {
    list: '/api/prompts',
    byId: (id: string) => `/api/prompts/${encodeURIComponent(id)}`,
    /** The groups an own prompt is shared with (issue 16). */
    groups: (id: string) => `/api/prompts/${encodeURIComponent(id)}/groups`,
  },
  /** Documentation pages: the saved versions the docs site shows, and the super admins' editor. */
  docPages: {
    current: '/api/docs/pages',
    list: '/api/admin/docs/pages',
    page: (path: string) => `/api/admin/docs/page?path=${encodeURIComponent(path)}`,
    save: '/api/admin/docs/page',
    revision: (path: string, revision: number) =>
      `/api/admin/docs/page/revision?path=${encodeURIComponent(path)}&revision=${revision}`,
    revert: '/api/admin/docs/page/revert',
  },
  /** Share links, export, import and temporary chat (issue 17). */
  sharing: {
    shares: '/api/shares',
    share: (id: string) => `/api/shares/${encodeURIComponent(id)}`,
    shared: (token: string) => `/api/shared/${encodeURIComponent(token)}`,
    export: (conversationId: string, format: 'md' | 'json' | 'pdf') =>
      `/api/conversations/${encodeURIComponent(conversationId)}/export?format=${format}`,
    import: '/api/conversations/import',
    temporaryChat: '/api/chat/temporary',
  },
  instanceDefaults: '/api/instance/defaults',
  /** MCP servers (issue 20): admins register them; users see theirs and keep their own keys. */
  tools: {
    available: '/api/tools',
    builtin: '/api/tools/builtin',
    adminBuiltin: (name: string) => `/api/admin/tools/builtin/${encodeURIComponent(name)}`,
  },
  mcp: {
    adminServers: '/api/admin/mcp-servers',
    adminServer: (id: string) => `/api/admin/mcp-servers/${encodeURIComponent(id)}`,
    refresh: (id: string) => `/api/admin/mcp-servers/${encodeURIComponent(id)}/refresh`,
    tool: (id: string, tool: string) =>
      `/api/admin/mcp-servers/${encodeURIComponent(id)}/tools/${encodeURIComponent(tool)}`,
    servers: '/api/mcp/servers',
    credential: (id: string) => `/api/mcp/servers/${encodeURIComponent(id)}/credential`,
    oauthStart: (id: string) => `/api/mcp/servers/${encodeURIComponent(id)}/oauth/start`,
  },
  /** Web search (issue 20): whether answers may search the web, and the admins' settings. */
  webSearch: {
    status: '/api/web-search/status',
    settings: '/api/admin/web-search',
    test: '/api/admin/web-search/test',
  },
  auditLogs: '/api/audit-logs',
  auditLogsVerify: '/api/audit-logs/verify',
  privacy: { settings: '/api/privacy/settings', export: '/api/privacy/export' },
  updateSettings: '/api/admin/update-settings',
  updates: {
    overview: '/api/updates',
    whatsNewSeen: '/api/updates/whats-new/seen',
    snooze: '/api/updates/snooze',
    dismiss: '/api/updates/dismiss',
    check: '/api/updates/check',
    upgrade: '/api/updates/upgrade',
  },
  tokens: {
    list: '/api/tokens',
    create: '/api/tokens',
    byId: (id: string) => `/api/tokens/${encodeURIComponent(id)}`,
  },
} as const;

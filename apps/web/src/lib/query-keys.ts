/** Query keys shared across features; feature-local keys live in their own api modules. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  tokens: ['tokens'] as const,
};

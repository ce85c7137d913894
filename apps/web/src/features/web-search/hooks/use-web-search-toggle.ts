import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { webSearchStatusQueryOptions } from '../api/web-search';

/**
 * The composer's "Search the web" switch (issue 20): offered only while an admin has web search configured,
 * off until the user turns it on, and sent as `web_search` with each message while on.
 */
export function useWebSearchToggle(signedIn: boolean) {
  const status = useQuery({ ...webSearchStatusQueryOptions(), enabled: signedIn });
  const [on, setOn] = useState(false);
  const available = status.data?.enabled === true;
  return { available, on: available && on, setOn };
}

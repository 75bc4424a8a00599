import { QueryClient } from '@tanstack/react-query';
import { attachQueryCache } from './session';

/**
 * The front site's query cache (the candidate's state, plans, website setting), created with the
 * first page that reads through it; login and logout clear it through session.ts.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
attachQueryCache(queryClient);

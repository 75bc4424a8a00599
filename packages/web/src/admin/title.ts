import { useEffect } from 'react';
import { useSystemName } from '../areas/website/use-website';

/** The page title '{page}——{system name}' (spec §2 "Back-office chrome"); the name from the website setting. */
export function usePageTitle(page: string | null | undefined): void {
  const system = useSystemName();
  useEffect(() => {
    document.title = page ? `${page}——${system}` : system;
  }, [page, system]);
}

import { useEffect, useState } from 'react';
import { getWebsiteConfig } from '../../areas/website/api';

/** The answer of the open website setting, once per page load (the open pages share it). */
let answer: Promise<string | null> | null = null;

/**
 * The customer-service phone of the open website setting (spec §3 "Website setting"), or null while
 * it loads, when none is set or the server is unreachable. A plain call rather than the query cache
 * (use-website.ts): the open pages, the login first, are drawn before react-query loads.
 */
export function useServicePhone(): string | null {
  const [phone, setPhone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    answer ??= getWebsiteConfig().then(
      (config) => config?.customerServicePhone || null,
      () => null,
    );
    void answer.then((value) => {
      if (live) setPhone(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return phone;
}

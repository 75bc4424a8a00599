/**
 * Client storage of the tokens (spec §3 "Client storage", §9): a cookie valid 2 hours per side
 * (one name for the back office, one for the front site) plus a session copy.
 */
export type Side = 'admin' | 'candidate';
const COOKIE: Record<Side, string> = { admin: 'tegang-admin-token', candidate: 'tegang-web-token' };
const MAX_AGE_S = 7200;

export function getToken(side: Side): string | null {
  const name = COOKIE[side];
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : sessionStorage.getItem(name);
}

export function setToken(side: Side, token: string): void {
  const name = COOKIE[side];
  document.cookie = `${name}=${encodeURIComponent(token)}; max-age=${MAX_AGE_S}; path=/; samesite=strict`;
  sessionStorage.setItem(name, token);
}

export function clearToken(side: Side): void {
  const name = COOKIE[side];
  document.cookie = `${name}=; max-age=0; path=/; samesite=strict`;
  sessionStorage.removeItem(name);
}

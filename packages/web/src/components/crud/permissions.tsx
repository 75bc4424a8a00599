import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { hasPermission } from '@tegang/domain';

/**
 * The permissions of the signed-in user (spec §6: a list of keys, '*' meaning all), provided by the
 * console shell; the CRUD component shows an action's button only when its key is granted.
 */
const PermissionsContext = createContext<readonly string[]>([]);

/** Provides the signed-in user's permission keys (props: `permissions`, `children`) to useCan. */
export function PermissionsProvider({
  permissions,
  children,
}: {
  permissions: readonly string[];
  children: ReactNode;
}) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>;
}

/** `can(key)`: true when `key` is granted (or no key is required). */
export function useCan(): (key: string | undefined) => boolean {
  const permissions = useContext(PermissionsContext);
  return useCallback((key) => key === undefined || hasPermission(permissions, key), [permissions]);
}

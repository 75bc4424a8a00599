import type { FieldLabels, Lang, PermissionKey, RegionScope } from '@tegang/domain';
import type { AppContext } from './context';

/**
 * Who may call a route (DESIGN "Permissions fail closed"): every route of the API declares exactly one.
 * - open: anyone (login, captcha, public key, registration…)
 * - candidate: a logged-in candidate (front-site token)
 * - admin: any logged-in administrator (getInfo, logout)
 * - permission: an administrator holding that key ('*' holds all)
 * - download: a single-use download token in the query (checked by the handler)
 */
export type Access =
  { open: true } | { candidate: true } | { admin: true } | { permission: PermissionKey } | { download: true };

export interface AdminPrincipal {
  id: number;
  userName: string;
  nickName: string;
  roles: string[];
  permissions: string[];
  scope: RegionScope;
  sessionId: number;
}

export interface CandidatePrincipal {
  id: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    lang: Lang;
    admin: AdminPrincipal | null;
    candidate: CandidatePrincipal | null;
    /** The AES key of an encrypted call: the answer is encrypted with it. */
    aesKey: Buffer | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The body must come encrypted (spec §7 "encrypted"). */
    encrypted?: boolean;
    /** Field labels for validation messages. */
    labels?: FieldLabels;
  }
}

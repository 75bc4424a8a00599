import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessType } from '@tegang/domain';
import { sysOperLog } from '../db/schema';
import { maskQuery } from '../lib/logging';
import type { Access } from '../types';

/** What a route may say about its operation-log entry (otherwise derived from method and URL). */
export interface AuditConfig {
  module?: string;
  businessType?: BusinessType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Operation log: `false` keeps a mutating call out of it; an object names its module or
     * business type, and also logs a GET that changes something (GET /file/remove).
     */
    audit?: AuditConfig | false;
  }
}

/**
 * Keys whose values never reach the log: passwords, tokens, secrets, captchas, SMS codes and the
 * encrypted envelope (k, iv, d). Region codes (provinceCode …) and remarks stay readable.
 */
const SECRET_KEY = /pass|psw|token|secret|captcha|^(code|smsCode|k|d|iv|uuid)$/i;
/**
 * Keys carrying the value of a sealed column (lib/sealed.ts; docs/security.md "Keys of personal data"):
 * masked like secrets, so a call that posts one (even a refused one, whose raw body is kept) leaves
 * no clear value in the operation log.
 */
const SEALED_KEY = /^physical_?examination$/i;
const MASK = '******';
const MAX_PARAMS = 2000;
const MUTATING = new Set(['POST', 'PUT', 'DELETE']);

/** A copy of `value` with the values of secret keys and sealed fields replaced by '******'. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) || SEALED_KEY.test(k) ? MASK : maskSecrets(v, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

/** The business type of a call: 4 export, 5 import, 6 status, 3 delete, 2 edit, 1 add, 0 other. */
export function businessTypeOf(method: string, routeUrl: string): BusinessType {
  const url = routeUrl.toLowerCase();
  if (url.startsWith('/auth/')) return '0';
  if (/export|download/.test(url)) return '4';
  if (/import/.test(url)) return '5';
  if (/status|state/.test(url)) return '6';
  if (method === 'DELETE' || /remove|delete/.test(url)) return '3';
  if (method === 'PUT') return '2';
  if (method === 'POST') return '1';
  return '0';
}

/** The module of a call: the first two segments of the route pattern ("recruit/recruitPlan"). */
export function moduleOf(routeUrl: string): string {
  return routeUrl
    .split('?')[0]!
    .split('/')
    .filter((s) => s && !s.startsWith(':') && s !== '*')
    .slice(0, 2)
    .join('/');
}

/** Whether a call goes to the operation log: an administrator's mutating call, not a list read. */
function audited(req: FastifyRequest): boolean {
  const config = req.routeOptions?.config as { access?: Access; audit?: AuditConfig | false } | undefined;
  const access = config?.access;
  if (!access || !req.admin || !('permission' in access || 'admin' in access)) return false;
  if (config.audit === false) return false;
  const url = req.routeOptions.url ?? '';
  if (!MUTATING.has(req.method)) return Boolean(config.audit);
  return !/\/(list|page)$/i.test(url);
}

/** The error message of a failed call, read from the envelope being sent. */
const errorMessages = new WeakMap<FastifyRequest, string>();

/**
 * The operation log of every mutating back-office call (docs/decisions.md "Operation log"): who, when, IP, module, business
 * type, parameters with secrets masked (encrypted calls: the decrypted payload), result and duration.
 * Registered in the API scope after access control; writing the entry never fails the call.
 */
export function registerAudit(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string' && audited(req)) {
      try {
        const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
        if (typeof msg === 'string') errorMessages.set(req, msg);
      } catch {
        // not JSON: no message
      }
    }
    return payload;
  });

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!audited(req)) return;
    try {
      const routeUrl = req.routeOptions.url ?? req.url;
      const audit = (req.routeOptions.config.audit || {}) as AuditConfig;
      const params = JSON.stringify(
        maskSecrets({
          params: req.params ?? undefined,
          // Names and ID numbers in the query string stay out too (lib/logging.ts maskQuery).
          query: maskQuery(req.query) ?? undefined,
          body: req.body ?? undefined,
        }),
      );
      const failed = reply.statusCode >= 400;
      await app.ctx.db.insert(sysOperLog).values({
        module: (audit.module ?? moduleOf(routeUrl)).slice(0, 64),
        businessType: audit.businessType ?? businessTypeOf(req.method, routeUrl),
        method: req.method,
        url: req.url.split('?')[0]!.slice(0, 300),
        operatorId: req.admin!.id,
        operatorName: req.admin!.userName,
        ip: req.ip.slice(0, 64),
        params: params.length > MAX_PARAMS ? `${params.slice(0, MAX_PARAMS)}…` : params,
        status: failed ? 1 : 0,
        errorMsg: failed ? (errorMessages.get(req) ?? `HTTP ${reply.statusCode}`) : null,
        costMs: Math.max(0, Math.round(reply.elapsedTime)),
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
  });
}

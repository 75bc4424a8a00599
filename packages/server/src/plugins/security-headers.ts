import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from '../config';

/**
 * The Content-Security-Policy of the built web app (docs/decisions.md "Security headers"):
 * - scripts only from our origin: Vite emits module scripts and no inline script;
 * - styles also inline: antd and ProComponents write their CSS-in-JS `<style>` elements at run time,
 *   and components set `style` attributes;
 * - images also as `data:` (captcha SVG, candidate photos) and `blob:` (a chosen photo's preview);
 * - frames: our pages, and the http(s) page of a /myiframe/… menu item (spec §2 "embedded external page");
 * - nobody frames us but ourselves (frame-ancestors 'self').
 */
export const APP_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'https:', 'http:'],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * The policy of the Swagger UI at /docs: its page has no inline script, but the UI sets inline styles
 * and shows data: images; it embeds nothing and talks only to /docs/json.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** One year, as browsers' preload lists expect. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer — pages, API, files and /docs ( "Headers"), with
 * @fastify/helmet: the CSP above, X-Content-Type-Options nosniff, Referrer-Policy no-referrer (single-use
 * download links never leak through Referer), X-Frame-Options SAMEORIGIN, Cross-Origin-Opener-Policy and
 * Cross-Origin-Resource-Policy same-origin. HSTS only behind TLS: when TRUST_PROXY is set and the
 * request came over https (X-Forwarded-Proto), since a plain-http deployment must stay reachable.
 * Register at the root before any route or hook that answers (the console pages' hook, /docs), so that
 * every answer passes through it; a route may still set a stricter CSP of its own (/file/view).
 *
 * Caching (docs/security.md "Caching of personal data"): an answer that does not say how it may be
 * cached gets `Cache-Control: no-store`, so that no browser, proxy or shared disk cache keeps a
 * candidate's enrolment, ticket, result or a log page. Answers meant to be cached say so themselves
 * (built assets `public, immutable`, pages `no-cache`, website pictures `public`) and keep their header.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'sameorigin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  if (config.trustProxy)
    app.addHook('onRequest', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
}

import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { localOrigin, requestOrigin } from '../../src/modules/admission-ticket/pdf-service';

/** The origin of the tickets' QR links: PUBLIC_ORIGIN over whatever Host a caller sends. */
const req = (host: string, protocol = 'http') => ({ host, protocol }) as unknown as FastifyRequest;

describe('the QR code origin', () => {
  it('is PUBLIC_ORIGIN when set, whatever the Host header says', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://tegang.example.gov.cn' });
    expect(requestOrigin(req('evil.example.com'), config)).toBe('https://tegang.example.gov.cn');
    expect(localOrigin(config)).toBe('https://tegang.example.gov.cn');
  });

  it('is the request origin without it (development), never a host with a path or scheme in it', () => {
    const config = loadConfig({ PORT: '8081' });
    expect(requestOrigin(req('localhost:5173'), config)).toBe('http://localhost:5173');
    expect(requestOrigin(req('a.b/c@evil'), config)).toBe('http://localhost:8081');
  });

  it('is required in production, so that a stored ticket never carries a Host a caller chose', () => {
    const production = { NODE_ENV: 'production', SMS_PROVIDER: 'console', ALLOW_INSECURE_PRODUCTION: 'sms' };
    expect(() => loadConfig(production)).toThrow(/^ {2}PUBLIC_ORIGIN: required with NODE_ENV=production/m);
    const config = loadConfig({ ...production, PUBLIC_ORIGIN: 'https://tegang.example.gov.cn' });
    expect(requestOrigin(req('evil.example.com'), config)).toBe('https://tegang.example.gov.cn');
  });

  it('refuses a PUBLIC_ORIGIN that is not an origin', () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://x.cn/path' })).toThrow(/PUBLIC_ORIGIN/);
  });
});

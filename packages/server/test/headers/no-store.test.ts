import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { applyToOpenPlan } from '../enroll/fixtures';

/**
 * Caching of personal data (docs/security.md "Caching of personal data"): answers that carry a
 * candidate's data say `Cache-Control: no-store`, so that no browser or proxy cache keeps them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control: no-store on answers with personal data', () => {
  it('the enrolment detail, the enrolment list and the candidate’s own answers are not stored by caches', async () => {
    const { id, candidate } = await applyToOpenPlan(t);
    const admin = await t.adminToken();
    for (const url of [`/candidate/enroll/${id}`, '/candidate/enroll/page?current=1&size=10']) {
      const { raw } = await t.call('GET', url, { token: admin });
      expect(raw.statusCode, url).toBe(200);
      expect(raw.headers['cache-control'], url).toBe('no-store');
    }
    const own = await t.call('GET', '/api/auth/getInfo', { candidateToken: candidate.token });
    expect(own.raw.headers['cache-control']).toBe('no-store');
    // An error answer (a 404 naming a missing enrolment) is not kept either.
    const missing = await t.call('GET', '/candidate/enroll/99999999', { token: admin });
    expect(missing.raw.headers['cache-control']).toBe('no-store');
  });
});

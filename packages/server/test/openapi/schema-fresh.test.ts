import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes } from '../../src/scripts/openapi';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The web's API types are generated from the OpenAPI document (src/scripts/openapi.ts) and checked
 * in: a route whose schema changed without `npm run gen:api` fails here, so that the web's type check
 * always sees the server as it is.
 */
describe('generated web API types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('packages/web/src/api/schema.d.ts is what `npm run gen:api` writes today', async () => {
    const fresh = await apiTypes(t.app);
    const checkedIn = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '';
    expect(
      checkedIn === fresh,
      'packages/web/src/api/schema.d.ts is stale: run `npm run gen:api` and commit the file',
    ).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers';
import { RIGHT, attempt, newAccount, type Side } from './login-fixtures';

/**
 * Account pages keep room for logins (drizzle/0010_account_fillfactor.sql; docs/decisions.md "Account
 * pages with room for logins"): the two updates of a login stay on the account's page as heap-only
 * tuples, so that the deadline day's logins add nothing to the account indexes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

const TABLE: Record<Side, string> = { admin: 'sys_user', candidate: 'candidate_user' };

describe.each<Side>(['admin', 'candidate'])('%s account page', (side) => {
  it('keeps a tenth of each page free, and a login leaves the account on its page', async () => {
    const table = TABLE[side];
    const { rows: options } = await t.database.db.execute<{ reloptions: string[] | null }>(
      sql`select reloptions from pg_class where relname = ${table}`,
    );
    expect(options[0]!.reloptions).toContain('fillfactor=90');

    // Accounts packed in as registration writes them: the page of the first one is filled up.
    const names: string[] = [];
    for (let i = 0; i < 40; i++) names.push(await newAccount(t, side));
    const page = async (userName: string) => {
      const { rows } = await t.database.db.execute<{ page: string }>(
        sql`select (ctid::text::point)[0]::int::text as page from ${sql.identifier(table)}
            where user_name = ${userName}`,
      );
      return rows[0]!.page;
    };
    const first = names[0]!;
    const before = await page(first);
    const answer = await attempt(t, side, first, RIGHT, '10.9.9.9', false);
    expect(answer.status).toBe(200);
    expect(await page(first)).toBe(before);
  });
});

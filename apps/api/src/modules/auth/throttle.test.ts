import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { type Backend, backends, type TestApp, useTestApp } from '../../test/build-test-app.ts';
import { MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_ADDRESS, MAX_FAILED_LOGINS_PER_PLACE } from './throttle.ts';

const signIn = (t: TestApp, email: string, password: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, password },
    remoteAddress: address,
  });

/** Password checks that ran and failed: each leaves one `login_failed` audit record. */
async function failedChecks(t: TestApp, address?: string): Promise<number> {
  const { db } = t.deps.database;
  const [row] = await db
    .select({ n: count() })
    .from(auditRecords)
    .where(
      and(eq(auditRecords.action, 'login_failed'), address ? eq(auditRecords.ipAddress, address) : undefined),
    );
  return row?.n ?? 0;
}

describe.each(backends)('sign-in throttling (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('locks an account for one address after 5 wrong passwords, not for the owner elsewhere', async () => {
    const place = '203.0.113.7';
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_PLACE; i++) {
      expect((await signIn(t, 'associate@demo.test', `wrong-${i}`, place)).statusCode).toBe(401);
    }
    const blocked = await signIn(t, 'associate@demo.test', 'demo-pass-2026', place);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: expect.any(String), code: 'throttled' });
    // The owner, at another address, still signs in; so does a colleague at the same address.
    expect((await signIn(t, 'associate@demo.test', 'demo-pass-2026', '198.51.100.20')).statusCode).toBe(200);
    expect((await signIn(t, 'manager@demo.test', 'demo-pass-2026', place)).statusCode).toBe(200);
    // Fifteen minutes later that place may try again.
    t.clock.now = new Date(t.clock.now.getTime() + 16 * 60 * 1000);
    expect((await signIn(t, 'associate@demo.test', 'demo-pass-2026', place)).statusCode).toBe(200);
  });

  it('locks an account after 10 wrong passwords from anywhere, even for the right one', async () => {
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      expect((await signIn(t, 'observer@demo.test', `wrong-${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await signIn(t, 'observer@demo.test', 'demo-pass-2026', '192.0.2.200')).statusCode).toBe(429);
  });

  it("one person's mistakes at a shared office address do not lock out the office", async () => {
    const office = '198.51.100.77';
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_PLACE; i++) {
      await signIn(t, 'designee@demo.test', `wrong-${i}`, office);
    }
    for (const email of ['client@demo.test', 'family@demo.test', 'advisor@demo.test']) {
      expect((await signIn(t, email, 'demo-pass-2026', office)).statusCode, email).toBe(200);
    }
  });

  // Concurrency needs PostgreSQL's pool; PGlite runs one statement at a time (DESIGN.md §8).
  it.runIf(backend === 'postgres')(
    'runs at most 10 password checks for one account however many arrive at once from 40 addresses',
    async () => {
      const before = await failedChecks(t);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(t, 'super@demo.test', `wrong-${i}`, `10.9.0.${i + 1}`)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILED_LOGINS);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - MAX_FAILED_LOGINS);
      expect((await failedChecks(t)) - before).toBe(MAX_FAILED_LOGINS);
    },
  );

  it.runIf(backend === 'postgres')(
    'runs at most 5 checks for one account from one address, and at most 100 per address across accounts',
    async () => {
      const place = '10.8.0.1';
      const same = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(t, 'expired@demo.test', `wrong-${i}`, place)),
      );
      expect(same.filter((a) => a.statusCode === 401)).toHaveLength(MAX_FAILED_LOGINS_PER_PLACE);
      expect(await failedChecks(t, place)).toBe(MAX_FAILED_LOGINS_PER_PLACE);

      const stuffing = '10.8.0.2';
      const many = await Promise.all(
        Array.from({ length: MAX_FAILED_LOGINS_PER_ADDRESS + 20 }, (_, i) =>
          signIn(t, `nobody-${i}@stuffing.test`, 'guess-1234567', stuffing),
        ),
      );
      expect(many.filter((a) => a.statusCode === 401)).toHaveLength(MAX_FAILED_LOGINS_PER_ADDRESS);
      expect(many.filter((a) => a.statusCode === 429)).toHaveLength(20);
      expect(await failedChecks(t, stuffing)).toBe(MAX_FAILED_LOGINS_PER_ADDRESS);
    },
  );
});

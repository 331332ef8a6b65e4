import { notificationsRoutes } from '@bp/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { findUserByEmail } from '../users/index.ts';
import { outbox } from './tables.ts';

/**
 * May `callerId` read the demo outbox of `recipientId`? Answered by modules/access (it reads memberships
 * and clients, which build on notifications); app.ts passes it in.
 */
export type OutboxReaderCheck = (db: DbOrTx, callerId: number, recipientId: number) => Promise<boolean>;

/** Addresses under the reserved .test domain (RFC 2606) can never receive real mail: the demo's people. */
export const isDemoAddress = (email: string) => /@([a-z0-9-]+\.)*test$/i.test(email.trim());

/**
 * Demo mode only (decisions 005 and 011): a signed-in user reads the messages sent to them (or, as an
 * organisation admin, to one of its people with `?recipient=`), so someone trying the demo can follow a
 * reset or invitation link or read a sign-in code without a mail server. Signed out, `?recipient=` reads
 * the messages of a demo address (under .test) only: a sign-in code is needed before signing in.
 * Production never registers the route.
 */
export function registerOutboxRoutes(app: FastifyInstance, deps: AppDeps, administers: OutboxReaderCheck) {
  // Public in every mode: the sign-in and password pages link to the demo outbox only when it exists.
  // It says nothing the 404 of /v1/outbox does not already say.
  registerRoute(app, notificationsRoutes.getDemoMode, {
    access: { kind: 'public' },
    handler: async () => ({ demo: deps.config.demo }),
  });
  if (!deps.config.demo) return;
  const { db } = deps.database;
  registerRoute(app, notificationsRoutes.getOutbox, {
    access: { kind: 'public' },
    handler: async (req) => {
      if (!deps.config.demo) throw notFound();
      const recipient = req.query.recipient?.trim();
      let userId: number | null;
      if (req.auth) {
        const caller = req.auth.user;
        userId = caller.id;
        if (recipient && recipient.toLowerCase() !== caller.email.toLowerCase()) {
          const person = await findUserByEmail(db, recipient);
          if (!person || !(await administers(db, caller.id, person.id))) throw forbidden();
          userId = person.id;
        }
      } else {
        if (!recipient)
          throw unauthorized('Sign in, or name a demo address with ?recipient=.', 'not_authenticated');
        if (!isDemoAddress(recipient))
          throw forbidden(
            'Signed out, the demo outbox shows messages to demo addresses (ending in .test) only.',
          );
        userId = (await findUserByEmail(db, recipient))?.id ?? null;
      }
      const where = eq(outbox.userId, userId ?? -1);
      const { limit, offset } = pageWindow(req.query);
      const [total] = await db.select({ n: count() }).from(outbox).where(where);
      const rows = await db
        .select()
        .from(outbox)
        .where(where)
        .orderBy(desc(outbox.id))
        .limit(limit)
        .offset(offset);
      return pageOf(
        req,
        req.query,
        total?.n ?? 0,
        rows.map((m) => ({
          guid: m.guid,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body_text: m.bodyText,
          status: m.status,
          attempts: m.attempts,
          last_error: m.lastError,
          created_at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
        })),
      );
    },
  });
}

import { errorBody, paged, pageQuery } from '@bp/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORG_ADMIN_ROLES, requireAuth } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
import { findUserByEmail } from '../auth/repo.ts';
import { clients, clientUsers } from '../clients/tables.ts';
import { organizationUsers } from '../organizations/tables.ts';
import { outbox } from './tables.ts';

const outboxItem = z.object({
  guid: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body_text: z.string(),
  status: z.string(),
  created_at: z.string(),
});

const outboxQuery = pageQuery.extend({ recipient: z.string().max(254).optional() });

/**
 * May `callerId` read the demo outbox of `recipientId`? Admins of an organisation the recipient works in
 * or is a client of may: they sent the invitation and, in a demo, need to hand its link on.
 */
async function administers(db: Db, callerId: number, recipientId: number): Promise<boolean> {
  const adminOf = await db
    .select({ organizationId: organizationUsers.organizationId })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.userId, callerId),
        eq(organizationUsers.isActive, true),
        inArray(organizationUsers.role, [...ORG_ADMIN_ROLES]),
      ),
    );
  const orgIds = adminOf.map((a) => a.organizationId);
  if (orgIds.length === 0) return false;
  const staff = await db
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, recipientId), inArray(organizationUsers.organizationId, orgIds)))
    .limit(1);
  if (staff.length > 0) return true;
  const client = await db
    .select({ id: clientUsers.id })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(and(eq(clientUsers.userId, recipientId), inArray(clients.organizationId, orgIds)))
    .limit(1);
  return client.length > 0;
}

/**
 * Demo mode only: a signed-in user reads the messages sent to them (or, as an organisation admin, to
 * one of its people with `?recipient=`), so someone trying the demo can follow a reset or invitation
 * link without a mail server. Production never registers the route.
 */
export function registerOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  if (!deps.config.demo) return;
  const { db } = deps.database;
  app.withTypeProvider<ZodTypeProvider>().get('/v1/outbox', {
    config: { access: { kind: 'signedIn', allowPasswordExpired: true } },
    schema: {
      tags: ['demo'],
      querystring: outboxQuery,
      response: { 200: paged(outboxItem), 401: errorBody, 403: errorBody },
    },
    handler: async (req) => {
      if (!deps.config.demo) throw notFound();
      const caller = requireAuth(req).user;
      let userId = caller.id;
      if (req.query.recipient && req.query.recipient.toLowerCase() !== caller.email.toLowerCase()) {
        const recipient = await findUserByEmail(db, req.query.recipient);
        if (!recipient || !(await administers(db, caller.id, recipient.id))) throw forbidden();
        userId = recipient.id;
      }
      const where = eq(outbox.userId, userId);
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
          created_at: m.createdAt.toISOString(),
        })),
      );
    },
  });
}

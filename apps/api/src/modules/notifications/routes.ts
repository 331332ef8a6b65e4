import { errorBody, paged, pageQuery } from '@bp/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageOf, pageWindow } from '../../platform/pagination.ts';
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

/**
 * Demo mode only: a signed-in user reads the messages sent to them, so someone trying the demo can
 * follow a reset link or read a code without a mail server. Production never registers the route.
 */
export function registerOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  if (!deps.config.demo) return;
  const { db } = deps.database;
  app.withTypeProvider<ZodTypeProvider>().get('/v1/outbox', {
    config: { access: { kind: 'signedIn', allowPasswordExpired: true } },
    schema: { tags: ['demo'], querystring: pageQuery, response: { 200: paged(outboxItem), 401: errorBody } },
    handler: async (req) => {
      if (!deps.config.demo) throw notFound();
      const where = eq(outbox.userId, requireAuth(req).user.id);
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

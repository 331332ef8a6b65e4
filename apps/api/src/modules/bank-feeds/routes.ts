import { bankFeedsRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { pageOf } from '../../platform/pagination.ts';
import { tenantOf } from '../entities/index.ts';
import { tieToBooks } from './books-tie.ts';
import { type FeedPorts, feedDeps } from './feed-deps.ts';
import { firstSyncQueue } from './first-sync-job.ts';
import { linkService } from './link.ts';
import { choosePayingAccount } from './pays-bills.ts';
import { feedLinkPolicy, feedReadPolicy, webhookPolicy } from './policies.ts';
import { fundingOverview, listStatements, listTransactions, presentAccounts, presentItems } from './reads.ts';
import { syncClient } from './sync-client.ts';
import { webhookService } from './webhook.ts';

/** Keeps the request's bytes beside the parsed JSON: webhook signatures cover the body as sent. */
declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** Bank feeds (issue 19, decision 036): linking, accounts, transactions, statements, funding, webhook. */
export function registerBankFeedRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  ports: FeedPorts = {},
  jobs?: JobRunner,
) {
  const feed = feedDeps(deps, ports);
  const { db } = deps.database;
  // A new link's first sync goes on the job runner when there is one (tests and tools sync in the request).
  const firstSync = jobs ? { runner: jobs, queue: firstSyncQueue(feed) } : null;
  if (firstSync) jobs?.register(firstSync.queue);
  const links = linkService(feed, firstSync);
  const receive = webhookService(feed);
  const userOf = (req: FastifyRequest) => requireAuth(req).user.id;

  registerRoute(app, r.postDataPipelineSetup, {
    access: feedLinkPolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await links.setup(tenantOf(req), userOf(req), req.params.entityGuid, req.body.redirect_uri)),
  });
  registerRoute(app, r.postDataPipelineRepair, {
    access: feedLinkPolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await links.repair(tenantOf(req), userOf(req), req.params.itemGuid, req.body.redirect_uri)),
  });
  registerRoute(app, r.postDataPipelineComplete, {
    access: feedLinkPolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await links.complete(tenantOf(req), userOf(req), req.body.link_token)),
  });
  registerRoute(app, r.deleteDataPipeline, {
    access: feedLinkPolicy,
    handler: async (req, reply) => {
      await links.disconnect(tenantOf(req), req.params.entityGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.getAggregatorAccounts, {
    access: feedReadPolicy,
    handler: async (req) => {
      const { clientId } = tenantOf(req);
      return {
        items: await presentItems(db, clientId),
        accounts: await presentAccounts(db, clientId),
        configured: deps.config.findata.plaid !== null,
      };
    },
  });
  registerRoute(app, r.postAggregatorSync, {
    access: feedLinkPolicy,
    handler: (req) => syncClient(feed, tenantOf(req)),
  });
  registerRoute(app, r.getAggregatorTransactions, {
    access: feedReadPolicy,
    handler: async (req) => {
      const { count, results } = await listTransactions(
        db,
        tenantOf(req).clientId,
        req.params.feedAccountGuid,
        req.query,
      );
      return pageOf(req, { ...req.query }, count, results);
    },
  });
  registerRoute(app, r.patchAggregatorAccount, {
    access: { ...feedLinkPolicy, staffOnly: true },
    handler: async (req) => {
      const tenant = tenantOf(req);
      const { book_account, create_book_account } = req.body;
      if (book_account)
        await tieToBooks(feed, tenant, req.params.feedAccountGuid, { bookAccountGuid: book_account });
      else if (create_book_account)
        await tieToBooks(feed, tenant, req.params.feedAccountGuid, { create: true });
      else await choosePayingAccount(db, tenant, req.params.feedAccountGuid);
      return {
        items: await presentItems(db, tenant.clientId),
        accounts: await presentAccounts(db, tenant.clientId),
        configured: deps.config.findata.plaid !== null,
      };
    },
  });
  registerRoute(app, r.getAggregatorStatements, {
    access: feedReadPolicy,
    handler: (req) => listStatements(db, tenantOf(req).clientId, req.params.feedAccountGuid),
  });
  registerRoute(app, r.getFunding, {
    access: feedReadPolicy,
    handler: (req) => fundingOverview(db, tenantOf(req).clientId),
  });

  // The webhook keeps the raw body for its signature: its own JSON parser, in its own scope.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      req.rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8') || '{}'));
      } catch {
        const error = new Error('Malformed JSON body.') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });
    registerRoute(scope, r.postAggregatorWebhook, {
      access: webhookPolicy,
      handler: async (req, reply) => {
        const header = req.headers['plaid-verification'];
        const outcome = await receive(
          typeof header === 'string' ? header : undefined,
          req.rawBody ?? Buffer.alloc(0),
          req.body,
        );
        if (outcome === 'unverified')
          return reply
            .status(401)
            .send({ detail: 'The webhook signature is not valid.', code: 'invalid_signature' });
        return { status: outcome };
      },
    });
  });
}

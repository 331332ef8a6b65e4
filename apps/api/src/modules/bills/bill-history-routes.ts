import { billEventList, billNote, billNoteList, createBillNoteRequest, pageQuery } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireClient } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { createBillHistoryService } from './notes-and-events.ts';
import {
  billNotesPolicy,
  billNoteWritePolicy,
  billParams,
  billReadPolicy,
  CLIENT_BILLS_BASE,
} from './policies.ts';

const tags = ['bills'];

/** A bill's timeline (everyone who sees the bill) and its staff notes (staff only). */
export function registerBillHistoryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const history = createBillHistoryService(deps);

  r.get(`${CLIENT_BILLS_BASE}/:billGuid/events`, {
    config: { access: billReadPolicy },
    schema: {
      tags,
      params: billParams,
      querystring: pageQuery,
      description: 'The timeline, oldest first.',
      response: { 200: billEventList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await history.events(requireClient(req), req.params.billGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.get(`${CLIENT_BILLS_BASE}/:billGuid/notes`, {
    config: { access: billNotesPolicy },
    schema: {
      tags,
      params: billParams,
      querystring: pageQuery,
      description: 'Staff notes, oldest first; never shown to client users.',
      response: { 200: billNoteList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await history.notes(requireClient(req), req.params.billGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(`${CLIENT_BILLS_BASE}/:billGuid/notes`, {
    config: { access: billNoteWritePolicy },
    schema: { tags, params: billParams, body: createBillNoteRequest, response: { 201: billNote, ...errors } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await history.addNote(requireClient(req), actorOf(req), req.params.billGuid, req.body.body)),
  });
}

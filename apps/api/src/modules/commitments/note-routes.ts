import { commitmentNote, commitmentNoteList, createCommitmentNoteRequest, pageQuery } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireClient } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { addNote, listNotes } from './notes.ts';
import {
  COMMITMENT_PATH,
  commitmentNotesPolicy,
  commitmentNoteWritePolicy,
  commitmentParams,
} from './policies.ts';

const tags = ['commitments'];

/** Staff notes on a commitment. */
export function registerCommitmentNoteRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  r.get(`${COMMITMENT_PATH}/notes`, {
    config: { access: commitmentNotesPolicy },
    schema: {
      tags,
      params: commitmentParams,
      querystring: pageQuery,
      response: { 200: commitmentNoteList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await listNotes(db, requireClient(req), req.params.commitmentId, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(`${COMMITMENT_PATH}/notes`, {
    config: { access: commitmentNoteWritePolicy },
    schema: {
      tags,
      params: commitmentParams,
      body: createCommitmentNoteRequest,
      response: { 201: commitmentNote, ...errors },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await addNote(
            db,
            requireClient(req),
            actorOf(req),
            req.params.commitmentId,
            req.body.body,
            deps.now(),
          ),
        ),
  });
}

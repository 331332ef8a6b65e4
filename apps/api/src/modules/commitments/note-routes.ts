import { commitmentsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import { addNote, listNotes } from './notes.ts';
import { commitmentNotesPolicy, commitmentNoteWritePolicy } from './policies.ts';

/** Staff notes on a commitment. */
export function registerCommitmentNoteRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  registerRoute(app, commitmentsRoutes.getBillingClientCommitmentNotes, {
    access: commitmentNotesPolicy,
    handler: async (req) => {
      const { count, results } = await listNotes(db, requireClient(req), req.params.commitmentId, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, commitmentsRoutes.postBillingClientCommitmentNotes, {
    access: commitmentNoteWritePolicy,
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

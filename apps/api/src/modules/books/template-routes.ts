import { booksFeederRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { type PipelineRunQueue, pipelineJobData } from './pipeline-job.ts';
import {
  createPipeline,
  deletePipeline,
  executePipelineRun,
  listPipelineRuns,
  listPipelines,
  patchPipeline,
  startPipelineRun,
} from './pipelines.ts';
import { booksReadPolicy, booksWritePolicy } from './policies.ts';
import type { BooksScope } from './scope.ts';
import {
  createTemplate,
  createTemplateGroup,
  deleteTemplate,
  deleteTemplateGroup,
  listTemplateGroups,
  listTemplates,
  patchTemplate,
  runTemplate,
  runTemplateGroup,
} from './templates.ts';

/** Templates, template groups and pipelines (decision 034): staff keep and run them, readers see them. */
export function registerTemplateRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  scopeOf: (req: FastifyRequest, entityGuid: string) => Promise<BooksScope>,
  jobs: { runner: JobRunner; queue: PipelineRunQueue } | undefined,
) {
  const { db } = deps.database;
  registerRoute(app, r.getBooksTemplates, {
    access: booksReadPolicy,
    handler: async (req) => listTemplates(db, await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postBooksTemplates, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createTemplate(db, await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.patchBooksTemplate, {
    access: booksWritePolicy,
    handler: async (req) =>
      patchTemplate(db, await scopeOf(req, req.params.entityGuid), req.params.templateGuid, req.body),
  });
  registerRoute(app, r.deleteBooksTemplate, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      await deleteTemplate(db, await scopeOf(req, req.params.entityGuid), req.params.templateGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.postBooksTemplateRun, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await runTemplate(
            db,
            await scopeOf(req, req.params.entityGuid),
            req.params.templateGuid,
            req.body,
            deps.now(),
          ),
        ),
  });
  registerRoute(app, r.getBooksTemplateGroups, {
    access: booksReadPolicy,
    handler: async (req) => listTemplateGroups(db, await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postBooksTemplateGroups, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await createTemplateGroup(db, await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.deleteBooksTemplateGroup, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      await deleteTemplateGroup(db, await scopeOf(req, req.params.entityGuid), req.params.templateGroupGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.postBooksTemplateGroupRun, {
    access: booksWritePolicy,
    handler: async (req) =>
      runTemplateGroup(
        db,
        await scopeOf(req, req.params.entityGuid),
        req.params.templateGroupGuid,
        req.body,
        deps.now(),
      ),
  });
  registerRoute(app, r.getBooksPipelines, {
    access: booksReadPolicy,
    handler: async (req) => listPipelines(db, await scopeOf(req, req.params.entityGuid)),
  });
  registerRoute(app, r.postBooksPipelines, {
    access: booksWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createPipeline(db, await scopeOf(req, req.params.entityGuid), req.body)),
  });
  registerRoute(app, r.patchBooksPipeline, {
    access: booksWritePolicy,
    handler: async (req) =>
      patchPipeline(db, await scopeOf(req, req.params.entityGuid), req.params.pipelineGuid, req.body),
  });
  registerRoute(app, r.deleteBooksPipeline, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      await deletePipeline(db, await scopeOf(req, req.params.entityGuid), req.params.pipelineGuid);
      return reply.status(204).send(null);
    },
  });
  registerRoute(app, r.getBooksPipelineRuns, {
    access: booksReadPolicy,
    handler: async (req) =>
      listPipelineRuns(db, await scopeOf(req, req.params.entityGuid), req.params.pipelineGuid),
  });
  registerRoute(app, r.postBooksPipelineRuns, {
    access: booksWritePolicy,
    handler: async (req, reply) => {
      const scope = await scopeOf(req, req.params.entityGuid);
      const { run, present } = await startPipelineRun(db, scope, req.params.pipelineGuid, req.body);
      // On the job runner when the server has one (the answer is the run, still running: its results fill
      // in as steps finish); inline otherwise (tests and tools without a runner).
      if (jobs) {
        await jobs.runner.send(jobs.queue, pipelineJobData(scope, run.id), {
          requestedByUserId: scope.userId,
        });
        return reply.status(201).send(present);
      }
      return reply.status(201).send(await executePipelineRun(db, scope, run.id, deps.now()));
    },
  });
}

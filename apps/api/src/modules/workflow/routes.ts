import { workflowRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf, todayOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import {
  clientTasksPolicy,
  orgWorkflowPolicy,
  orgWorkflowWritePolicy,
  reminderReadPolicy,
  reminderWritePolicy,
} from './policies.ts';
import { raiseDueReminders } from './raise.ts';
import { findReminder, listReminders, presentReminder, reminderHistory } from './reminder-reads.ts';
import { createReminder, patchReminder, setArchived, skipPeriod } from './reminder-writes.ts';
import { listTasks } from './task-reads.ts';
import { addComment, listComments, patchTask } from './task-writes.ts';

/** Report reminders of a client and the organisation's reminder work lists (issue 14). */
export function registerReminderRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const r = workflowRoutes;

  registerRoute(app, r.getReportsClientReportReminders, {
    access: reminderReadPolicy,
    handler: async (req) => {
      const client = requireClient(req);
      const { count, results } = await listReminders(
        db,
        { organizationId: client.organizationId, clientId: client.id },
        req.query,
      );
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postReportsClientReportReminders, {
    access: reminderWritePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await createReminder(db, requireClient(req), actorOf(req), req.body)),
  });
  registerRoute(app, r.getReportsClientReportReminder, {
    access: reminderReadPolicy,
    handler: async (req) =>
      presentReminder(
        db,
        await findReminder(db, { clientId: requireClient(req).id }, req.params.reminderGuid),
      ),
  });
  registerRoute(app, r.patchReportsClientReportReminder, {
    access: reminderWritePolicy,
    handler: async (req) =>
      patchReminder(db, requireClient(req), actorOf(req), req.params.reminderGuid, req.body),
  });
  registerRoute(app, r.postReportsClientReportReminderArchive, {
    access: reminderWritePolicy,
    handler: async (req) =>
      setArchived(db, requireClient(req), actorOf(req), req.params.reminderGuid, true, deps.now()),
  });
  registerRoute(app, r.postReportsClientReportReminderUnarchive, {
    access: reminderWritePolicy,
    handler: async (req) =>
      setArchived(db, requireClient(req), actorOf(req), req.params.reminderGuid, false, deps.now()),
  });
  registerRoute(app, r.postReportsClientReportReminderSkip, {
    access: reminderWritePolicy,
    handler: async (req) =>
      skipPeriod(db, requireClient(req), actorOf(req), req.params.reminderGuid, req.body.period_date),
  });
  registerRoute(app, r.getReportsClientReportReminderHistory, {
    access: reminderReadPolicy,
    handler: async (req) => {
      const reminder = await findReminder(db, { clientId: requireClient(req).id }, req.params.reminderGuid);
      const { count, results } = await reminderHistory(db, reminder.id, req.query);
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.getReportsOrganizationReportReminders, {
    access: orgWorkflowPolicy,
    handler: async (req) => {
      const { count, results } = await listReminders(
        db,
        { organizationId: requireOrganization(req).id },
        req.query,
      );
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.getReportsOrganizationReportReminder, {
    access: orgWorkflowPolicy,
    handler: async (req) =>
      presentReminder(
        db,
        await findReminder(db, { organizationId: requireOrganization(req).id }, req.params.reminderGuid),
      ),
  });
  registerRoute(app, r.postReportsOrganizationReportRemindersRaise, {
    access: orgWorkflowWritePolicy,
    // The job's own code, now and for this organisation only: the same once-only claim per period.
    handler: async (req) =>
      raiseDueReminders(deps.database.db, { now: deps.now(), organizationId: requireOrganization(req).id }),
  });
  // The organisation's tasks: under Accounts (SPEC §7), and the same list under Reports, where §7 lists it too.
  for (const route of [r.getAccountsOrganizationTasks, r.getReportsOrganizationTasks]) {
    registerRoute(app, route, {
      access: orgWorkflowPolicy,
      handler: async (req) => {
        const today = todayOf(req, deps.now());
        const { count, results } = await listTasks(
          db,
          { organizationId: requireOrganization(req).id },
          req.query,
          today,
        );
        return pageOf(req, req.query, count, results);
      },
    });
  }
  registerRoute(app, r.getAccountsClientTasks, {
    access: clientTasksPolicy,
    handler: async (req) => {
      const client = requireClient(req);
      const today = todayOf(req, deps.now());
      const { count, results } = await listTasks(
        db,
        { organizationId: client.organizationId, client },
        req.query,
        today,
      );
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.patchAccountsOrganizationTask, {
    access: orgWorkflowWritePolicy,
    handler: async (req) =>
      patchTask(
        db,
        requireOrganization(req).id,
        actorOf(req),
        req.params.taskGuid,
        req.body,
        deps.now(),
        todayOf(req, deps.now()),
      ),
  });
  registerRoute(app, r.getAccountsOrganizationTaskComments, {
    access: orgWorkflowPolicy,
    handler: async (req) => {
      const { count, results } = await listComments(
        db,
        requireOrganization(req).id,
        req.params.taskGuid,
        req.query,
      );
      return pageOf(req, req.query, count, results);
    },
  });
  registerRoute(app, r.postAccountsOrganizationTaskComments, {
    access: orgWorkflowWritePolicy,
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await addComment(db, requireOrganization(req).id, actorOf(req), req.params.taskGuid, req.body.body),
        ),
  });
}

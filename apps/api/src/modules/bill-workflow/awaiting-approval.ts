import { type AwaitingApprovalRequest, billWorkflowRoutes } from '@bp/contracts';
import { CLIENT_APPROVER_ROLES, formatMoney } from '@bp/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccessPolicy } from '../../platform/access/policy.ts';
import { type ClientScope, requireAuth, requireClient } from '../../platform/access.ts';
import { actorOf, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound, ValidationError } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { clientUserRestriction } from '../bill-core/index.ts';
import { bills } from '../bill-core/tables.ts';
import { clientUsers } from '../clients/tables.ts';
import { entities, vendors } from '../entities/tables.ts';
import { notifyUser, renderEmail } from '../notifications/index.ts';
import { organizations } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';

/** Statuses in which a bill waits on the client (a verbal approval waits on staff confirming it). */
const CLIENT_STEP_STATUSES = ['client_pre_approval', 'client_approval', 'needs_2nd_approval'] as const;

/** Staff of the client's organisation; never client users. */
const policy: AccessPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  write: true,
  staffOnly: true,
};

/** '2030-01-15' → '01/15/2030' (SPEC §9). */
const usDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

export function subjectOf(
  entityName: string,
  request: Pick<AwaitingApprovalRequest, 'is_urgent' | 'is_funding_required'>,
) {
  const prefix = request.is_urgent ? 'URGENT: ' : '';
  const suffix = request.is_funding_required ? ' (funding required)' : '';
  return `${prefix}Bills awaiting your approval for ${entityName}${suffix}`;
}

/**
 * POST /v1/notifications/clients/{clientGuid}/entities/{entityGuid}/awaiting-approval: one e-mail per
 * recipient listing the entity's bills waiting on a client step that this recipient may approve
 * (designee limits and excluded vendors applied; a recipient with none gets nothing). Recipients [] =
 * every client and designee of the client. Queued in the outbox in one transaction with the audit record.
 */
export function registerAwaitingApprovalRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  registerRoute(app, billWorkflowRoutes.postNotificationsClientEntityAwaitingApproval, {
    access: policy,
    handler: async (req) => {
      const scope = requireClient(req);
      const auth = requireAuth(req);
      const [entity] = await db
        .select()
        .from(entities)
        .where(and(eq(entities.guid, req.params.entityGuid), eq(entities.clientId, scope.id)));
      if (!entity) throw notFound();

      const people = await db
        .select({ link: clientUsers, email: users.email, firstName: users.firstName, userId: users.id })
        .from(clientUsers)
        .innerJoin(users, eq(users.id, clientUsers.userId))
        .where(
          and(
            eq(clientUsers.clientId, scope.id),
            eq(users.isActive, true),
            ...(req.body.recipients.length > 0 ? [inArray(clientUsers.guid, req.body.recipients)] : []),
          ),
        )
        .orderBy(asc(clientUsers.id));
      const approverRoles = CLIENT_APPROVER_ROLES as readonly string[];
      if (req.body.recipients.length > 0) {
        const problems = req.body.recipients.flatMap((g) => {
          const person = people.find((p) => p.link.guid === g);
          if (!person) return [`${g} is not a user of this client.`];
          return approverRoles.includes(person.link.role) ? [] : [`${g} may not approve bills.`];
        });
        if (problems.length > 0) throw new ValidationError({ recipients: problems });
      }
      const recipients = people.filter((p) => approverRoles.includes(p.link.role));

      const waiting = await db
        .select({ bill: bills, vendorName: vendors.name })
        .from(bills)
        .innerJoin(vendors, eq(vendors.id, bills.vendorId))
        .where(and(eq(bills.entityId, entity.id), inArray(bills.status, [...CLIENT_STEP_STATUSES])))
        .orderBy(asc(bills.dueDate), asc(bills.id));

      const subject = subjectOf(entity.nickname, req.body);
      const [organization] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, scope.organizationId));
      return db.transaction(async (tx) => {
        let queued = 0;
        for (const person of recipients) {
          const asRecipient: ClientScope = {
            ...scope,
            via: 'client',
            organization: null,
            clientUserId: person.link.id,
            clientRole: person.link.role,
          };
          const theirs = [];
          for (const w of waiting) {
            const caller = { userId: person.userId, client: asRecipient };
            if ((await clientUserRestriction(tx, caller, w.bill, approverRoles)) === null) theirs.push(w);
          }
          if (theirs.length === 0) continue;
          const intro = `${theirs.length === 1 ? 'A bill' : `${theirs.length} bills`} of ${entity.nickname} ${theirs.length === 1 ? 'is' : 'are'} waiting for your approval.`;
          const flags = [
            ...(req.body.is_urgent ? ['This is urgent.'] : []),
            ...(req.body.is_funding_required ? ['Funding is required before these bills can be paid.'] : []),
          ];
          const lines = theirs.map(
            (w) =>
              `${w.vendorName}: ${formatMoney(w.bill.amount)}, due ${usDate(w.bill.dueDate)} (${deps.config.publicUrl}/bill/${w.bill.guid})`,
          );
          // Through the user's notification preferences (client_approval), by e-mail and push.
          const sent = await notifyUser(tx, person.userId, 'client_approval', {
            email: {
              subject,
              ...renderEmail({
                organizationName: organization?.name,
                greeting: `Hello ${person.firstName},`,
                lines: [intro, ...flags, ...lines],
                action: {
                  label: 'Review your bills',
                  url: `${deps.config.publicUrl}/bills/${entity.guid}/client-pre-bill`,
                },
                preferencesUrl: `${deps.config.publicUrl}/profile`,
              }),
            },
            push: {
              title: subject,
              body: intro,
              data: { entity: entity.guid, bills: theirs.map((w) => w.bill.guid) },
            },
          });
          if (sent.email || sent.push > 0) queued += 1;
        }
        await recordAudit(tx, actorOf(req), {
          action: 'bill_awaiting_approval_notified',
          objectType: 'entity',
          objectGuid: entity.guid,
          organizationId: scope.organizationId,
          clientId: scope.id,
          changes: {
            notification: {
              before: null,
              after: {
                queued,
                bills: waiting.length,
                is_urgent: req.body.is_urgent,
                is_funding_required: req.body.is_funding_required,
                by: auth.user.guid,
              },
            },
          },
        });
        return { queued, bills: waiting.length };
      });
    },
  });
}

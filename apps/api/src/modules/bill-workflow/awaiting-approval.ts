import type { AwaitingApprovalRequest } from '@bp/contracts';
import { CLIENT_APPROVER_ROLES, formatMoney } from '@bp/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { billColumns, billList, clientUserRestriction } from '../bill-core/index.ts';
import { clientUserList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { notifyUser, renderEmail } from '../notifications/index.ts';
import { organizationList } from '../organizations/index.ts';
import { userList } from '../users/index.ts';
import { notFound } from './errors.ts';

/** Statuses in which a bill waits on the client (a verbal approval waits on staff confirming it). */
const CLIENT_STEP_STATUSES = ['client_pre_approval', 'client_approval', 'needs_2nd_approval'] as const;

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
 * Notifies the client's approvers of an entity's bills waiting on them: one e-mail per recipient listing
 * the entity's bills waiting on a client step that this recipient may approve (designee limits and
 * excluded vendors applied; a recipient with none gets nothing). Recipients [] = every client and
 * designee of the client. Queued in the outbox in one transaction with the audit record. `requestedBy` is
 * the guid of the staff member asking, for the audit record.
 */
export async function notifyAwaitingApproval(
  deps: AppDeps,
  ctx: ServiceContext<ClientScope>,
  entityGuid: string,
  request: AwaitingApprovalRequest,
  requestedBy: string,
) {
  const { db } = deps.database;
  const scope = ctx.scope;
  const [entity] = await db
    .select()
    .from(entityList)
    .where(and(eq(entityList.guid, entityGuid), eq(entityList.clientId, scope.id)));
  if (!entity) throw notFound();

  const people = await db
    .select({
      link: { id: clientUserList.id, guid: clientUserList.guid, role: clientUserList.role },
      email: userList.email,
      firstName: userList.firstName,
      userId: userList.id,
    })
    .from(clientUserList)
    .innerJoin(userList, eq(userList.id, clientUserList.userId))
    .where(
      and(
        eq(clientUserList.clientId, scope.id),
        eq(userList.isActive, true),
        ...(request.recipients.length > 0 ? [inArray(clientUserList.guid, request.recipients)] : []),
      ),
    )
    .orderBy(asc(clientUserList.id));
  const approverRoles = CLIENT_APPROVER_ROLES as readonly string[];
  if (request.recipients.length > 0) {
    const problems = request.recipients.flatMap((g) => {
      const person = people.find((p) => p.link.guid === g);
      if (!person) return [`${g} is not a user of this client.`];
      return approverRoles.includes(person.link.role) ? [] : [`${g} may not approve bills.`];
    });
    if (problems.length > 0) throw new ValidationError({ recipients: problems });
  }
  const recipients = people.filter((p) => approverRoles.includes(p.link.role));

  const waiting = await db
    .select({ bill: billColumns, vendorName: vendorList.name })
    .from(billList)
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
    .where(and(eq(billList.entityId, entity.id), inArray(billList.status, [...CLIENT_STEP_STATUSES])))
    .orderBy(asc(billList.dueDate), asc(billList.id));

  const subject = subjectOf(entity.nickname, request);
  const [organization] = await db
    .select({ name: organizationList.name })
    .from(organizationList)
    .where(eq(organizationList.id, scope.organizationId));
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
        ...(request.is_urgent ? ['This is urgent.'] : []),
        ...(request.is_funding_required ? ['Funding is required before these bills can be paid.'] : []),
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
          // The app opens the bill itself when there is one, else the client's list of bills waiting.
          data: {
            type: 'client_approval',
            client: scope.guid,
            entity: entity.guid,
            bills: theirs.map((w) => w.bill.guid),
            ...(theirs.length === 1 && theirs[0] ? { bill: theirs[0].bill.guid } : {}),
          },
        },
      });
      if (sent.email || sent.push > 0) queued += 1;
    }
    await recordAudit(tx, ctx.actor, {
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
            is_urgent: request.is_urgent,
            is_funding_required: request.is_funding_required,
            by: requestedBy,
          },
        },
      },
    });
    return { queued, bills: waiting.length };
  });
}

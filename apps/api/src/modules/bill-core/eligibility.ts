import {
  APPROVAL_STEP_KIND_LABELS,
  type ApprovalStep,
  type BillStatus,
  CLIENT_APPROVER_ROLES,
  isEligibleApprover,
  PERMISSION_LABELS,
  type Permission,
} from '@bp/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { clientUserList } from '../clients/index.ts';
import { designatedEntityList, designatedVendorList, excludedVendorList } from '../entities/index.ts';
import { billList } from './query-pieces.ts';
import { type ApprovalRow, actedInRound, type WorkflowState } from './state.ts';
import type { BillRow } from './tables.ts';
import { billApprovals } from './tables.ts';

/**
 * Who may do what to a bill in its current state (docs/decisions/009-workflow-transitions.md). The
 * transitions and `allowedActions` both call these, so a button is shown exactly when the call works.
 * A refusal is 403 when the caller may never do it (role, permission, limits, four eyes) and 409 when
 * the bill's state does not allow it (any more).
 */
export interface Caller {
  userId: number;
  client: ClientScope;
}

export interface Refusal {
  ok: false;
  status: 403 | 409;
  detail: string;
}

const deny = (detail: string): Refusal => ({ ok: false, status: 403, detail });
const stale = (detail: string): Refusal => ({ ok: false, status: 409, detail });

export type ApproveDecision =
  | { ok: true; kind: 'submit' }
  | { ok: true; kind: 'approve'; step: ApprovalStep }
  | { ok: true; kind: 'record_verbal'; step: ApprovalStep }
  | { ok: true; kind: 'confirm_verbal'; step: ApprovalStep; row: ApprovalRow }
  | Refusal;

export type StepDecision = { ok: true; step: ApprovalStep | null } | Refusal;

export const CREATOR_REFUSAL = 'You created this bill; another reviewer must approve it.';
export const LIMIT_REFUSAL = 'This bill is above your approval limit.';

function staffHolds(caller: Caller, permission: Permission | null): boolean {
  return (
    caller.client.via === 'staff' &&
    permission !== null &&
    (caller.client.organization?.permissions.has(permission) ?? false)
  );
}

const permissionText = (p: Permission) => `You need the permission '${PERMISSION_LABELS[p]}' for this step.`;

/** Statuses in which nothing but reverse-payment (paid) or an edit (changes_required) moves the bill. */
function closedRefusal(bill: BillRow, action: string): Refusal | null {
  switch (bill.status) {
    case 'rejected':
      return stale(`This bill was rejected; it can no longer be ${action}.`);
    case 'paid':
      return stale(`This bill is already paid; it can no longer be ${action}.`);
    case 'changes_required':
      return stale(`Changes were requested on this bill; it must be edited before it can be ${action}.`);
    default:
      return null;
  }
}

/**
 * Why a client user may not act on this bill at all (role, excluded vendor, designee limits), or null.
 * A designee acts within its limits: approval limit (0 = unlimited), designated entities and vendors
 * (none = all); any client user is kept away from its excluded vendors.
 */
export async function clientUserRestriction(
  tx: DbOrTx,
  caller: Caller,
  bill: BillRow,
  roles: readonly string[],
): Promise<string | null> {
  const { clientUserId, clientRole } = caller.client;
  if (caller.client.via !== 'client' || clientUserId === null) return 'This step is for the client.';
  if (!clientRole || !roles.includes(clientRole)) return 'Your role on this client cannot approve bills.';
  const [excluded] = await tx
    .select({ id: excludedVendorList.id })
    .from(excludedVendorList)
    .where(
      and(eq(excludedVendorList.clientUserId, clientUserId), eq(excludedVendorList.vendorId, bill.vendorId)),
    );
  if (excluded) return 'You may not act on bills of this vendor.';
  if (clientRole !== 'designee') return null;
  const [me] = await tx
    .select({ limit: clientUserList.approvalLimit })
    .from(clientUserList)
    .where(eq(clientUserList.id, clientUserId));
  if (me && me.limit > 0 && bill.amount > me.limit) return LIMIT_REFUSAL;
  const designated = await tx
    .select({ entityId: designatedEntityList.entityId })
    .from(designatedEntityList)
    .where(eq(designatedEntityList.clientUserId, clientUserId));
  if (designated.length > 0 && !designated.some((d) => d.entityId === bill.entityId)) {
    return 'You are not a designee for this entity.';
  }
  const vendors = await tx
    .select({ vendorId: designatedVendorList.vendorId })
    .from(designatedVendorList)
    .where(eq(designatedVendorList.clientUserId, clientUserId));
  if (vendors.length > 0 && !vendors.some((v) => v.vendorId === bill.vendorId)) {
    return 'You are not a designee for this vendor.';
  }
  return null;
}

/**
 * Statuses whose step is a client step (client pre-approval, client approval, second approver): the
 * only steps a client user approves. A recorded phone approval (verbal_approval) waits on staff.
 */
export const CLIENT_STEP_STATUSES: readonly BillStatus[] = [
  'client_pre_approval',
  'client_approval',
  'needs_2nd_approval',
];

/**
 * Conditions on `bills` that hold exactly for the bills waiting on a step this client user may approve
 * now: the set-wise form of what `decideApprove` asks of a client user (role, `clientUserRestriction`'s
 * excluded vendor and designee limits, and `identityRefusal`: nobody approves twice in a round, which
 * also keeps the first client approver off the second approval). Subqueries, not a read per bill, so a
 * count over a client's whole book stays one statement. Staff (or a role that never approves) match
 * nothing.
 */
export function waitingOnClientUserConditions(caller: Caller): SQL[] {
  const { clientUserId, clientRole } = caller.client;
  const roles: readonly string[] = CLIENT_APPROVER_ROLES;
  if (caller.client.via !== 'client' || clientUserId === null || !clientRole || !roles.includes(clientRole)) {
    return [sql`false`];
  }
  const conditions: SQL[] = [
    inArray(billList.status, [...CLIENT_STEP_STATUSES]),
    sql`not exists (select 1 from ${excludedVendorList} where ${excludedVendorList.clientUserId} = ${clientUserId} and ${excludedVendorList.vendorId} = ${billList.vendorId})`,
    sql`not exists (select 1 from ${billApprovals} where ${billApprovals.billId} = ${billList.id} and ${billApprovals.round} = ${billList.round} and ${billApprovals.result} = 'approved' and (${or(eq(billApprovals.userId, caller.userId), eq(billApprovals.confirmedByUserId, caller.userId))}))`,
  ];
  if (clientRole !== 'designee') return conditions;
  // A designee's limits: approval limit (0 = unlimited), designated entities and vendors (none = all).
  const designated = (table: typeof designatedEntityList | typeof designatedVendorList, match: SQL) =>
    sql`(not exists (select 1 from ${table} where ${table.clientUserId} = ${clientUserId}) or exists (select 1 from ${table} where ${table.clientUserId} = ${clientUserId} and ${match}))`;
  return [
    ...conditions,
    sql`not exists (select 1 from ${clientUserList} where ${clientUserList.id} = ${clientUserId} and ${clientUserList.approvalLimit} > 0 and ${billList.amount} > ${clientUserList.approvalLimit})`,
    designated(designatedEntityList, sql`${designatedEntityList.entityId} = ${billList.entityId}`),
    designated(designatedVendorList, sql`${designatedVendorList.vendorId} = ${billList.vendorId}`),
  ];
}

/** Four eyes, distinct approvers, and never twice by the same user in a round. */
function identityRefusal(step: ApprovalStep, caller: Caller, state: WorkflowState): Refusal | null {
  const me = String(caller.userId);
  if (!isEligibleApprover(step, me, state.counted)) {
    if (step.excludes_user === me) return deny(CREATOR_REFUSAL);
    const earlier = state.counted.find((a) => step.distinct_from.includes(a.step) && a.user_id === me);
    const label = earlier ? APPROVAL_STEP_KIND_LABELS[earlier.step] : 'an earlier step';
    return deny(`You approved this bill at ${label}; a different approver must approve this step.`);
  }
  // Releasing the payment is not an approval: whoever approved a step may still pay the bill.
  if (step.kind !== 'payment_pending' && actedInRound(state, caller.userId)) {
    return deny('You already approved this bill; another approver must approve this step.');
  }
  return null;
}

const isClientStep = (step: ApprovalStep) => step.who.client_roles.length > 0;

/** approve (and `verbal: true`): what the caller's approve would do, or why it is refused. */
export async function decideApprove(
  tx: DbOrTx,
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
  options: { verbal?: boolean } = {},
): Promise<ApproveDecision> {
  if (bill.status === 'pre_bill') {
    if (caller.client.via !== 'staff') return deny('This bill is a draft; staff must submit it first.');
    if (!staffHolds(caller, 'bills.create')) return deny(permissionText('bills.create'));
    return { ok: true, kind: 'submit' };
  }
  const closed = closedRefusal(bill, 'approved');
  if (closed) return closed;
  const step = state.step;
  if (!step) return stale('This bill waits on no approval.');

  // A phone approval waits for a second staff member: an approve by staff holding bills.approve_verbal,
  // other than the one who recorded it (four eyes), confirms it.
  if (state.pendingVerbal) {
    if (caller.client.via !== 'staff') {
      return stale("A verbal approval of this bill is waiting for a staff member's confirmation.");
    }
    if (!staffHolds(caller, 'bills.approve_verbal')) return deny(permissionText('bills.approve_verbal'));
    if (state.pendingVerbal.userId === caller.userId) {
      return deny('You recorded this verbal approval; another staff member must confirm it.');
    }
    const refusal = identityRefusal(step, caller, state);
    if (refusal) return refusal;
    return { ok: true, kind: 'confirm_verbal', step, row: state.pendingVerbal };
  }

  if (options.verbal) {
    if (step.who.verbal_permission === null) {
      return stale(
        `A verbal approval can be recorded only while the bill waits on client approval; it waits on ${APPROVAL_STEP_KIND_LABELS[step.kind]}.`,
      );
    }
    if (caller.client.via !== 'staff') return deny('Only staff record a verbal approval.');
    if (!staffHolds(caller, step.who.verbal_permission))
      return deny(permissionText(step.who.verbal_permission));
    const refusal = identityRefusal(step, caller, state);
    if (refusal) return refusal;
    return { ok: true, kind: 'record_verbal', step };
  }

  if (isClientStep(step)) {
    if (caller.client.via === 'staff') {
      return deny(
        step.who.verbal_permission
          ? "The bill waits on the client's approval; record a verbal approval if the client approved by phone."
          : "The bill waits on the client's approval.",
      );
    }
    const restriction = await clientUserRestriction(tx, caller, bill, step.who.client_roles);
    if (restriction) return deny(restriction);
  } else {
    if (caller.client.via !== 'staff') {
      return deny(`The bill waits on staff (${APPROVAL_STEP_KIND_LABELS[step.kind]}), not on you.`);
    }
    const permission = step.who.permission;
    if (!permission || !staffHolds(caller, permission)) {
      return deny(permission ? permissionText(permission) : 'Nobody may approve this step.');
    }
  }
  const refusal = identityRefusal(step, caller, state);
  if (refusal) return refusal;
  return { ok: true, kind: 'approve', step };
}

/**
 * reject: client users eligible for a client step; staff holding the step's permission (for a client
 * step, the verbal one) or 'bills.edit' at any step. A draft may be rejected by staff who edit bills.
 */
export async function decideReject(
  tx: DbOrTx,
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
): Promise<StepDecision> {
  if (bill.status === 'pre_bill') {
    if (!staffHolds(caller, 'bills.edit')) {
      return deny(caller.client.via === 'staff' ? permissionText('bills.edit') : 'This bill is a draft.');
    }
    return { ok: true, step: null };
  }
  const closed = closedRefusal(bill, 'rejected');
  if (closed) return closed;
  const step = state.step;
  if (!step) return stale('This bill waits on no approval.');
  if (caller.client.via === 'staff') {
    const stepPermission = step.who.permission ?? step.who.verbal_permission;
    if (staffHolds(caller, stepPermission) || staffHolds(caller, 'bills.edit')) return { ok: true, step };
    return deny(permissionText('bills.edit'));
  }
  if (!isClientStep(step)) {
    return deny(
      `The bill waits on staff (${APPROVAL_STEP_KIND_LABELS[step.kind]}); you cannot reject it now.`,
    );
  }
  const restriction = await clientUserRestriction(tx, caller, bill, step.who.client_roles);
  return restriction ? deny(restriction) : { ok: true, step };
}

/** revise: a client user eligible for a client step, or staff holding the current step's permission. */
export async function decideRevise(
  tx: DbOrTx,
  bill: BillRow,
  state: WorkflowState,
  caller: Caller,
): Promise<StepDecision> {
  if (bill.status === 'pre_bill') return stale('This bill is a draft; edit it instead.');
  const closed = closedRefusal(bill, 'sent back for changes');
  if (closed) return closed;
  const step = state.step;
  if (!step) return stale('This bill waits on no approval.');
  if (caller.client.via === 'staff') {
    const permission = step.who.permission ?? step.who.verbal_permission;
    if (permission && staffHolds(caller, permission)) return { ok: true, step };
    return deny(permission ? permissionText(permission) : 'You cannot send this bill back now.');
  }
  if (!isClientStep(step)) {
    return deny(
      `The bill waits on staff (${APPROVAL_STEP_KIND_LABELS[step.kind]}); you cannot send it back now.`,
    );
  }
  const restriction = await clientUserRestriction(tx, caller, bill, step.who.client_roles);
  return restriction ? deny(restriction) : { ok: true, step };
}

/** reverse-payment: a paid bill, by staff holding 'bills.reverse_payment'. */
export function decideReversePayment(bill: BillRow, caller: Caller): { ok: true } | Refusal {
  if (caller.client.via !== 'staff') return deny('Only staff reverse a payment.');
  if (!staffHolds(caller, 'bills.reverse_payment')) return deny(permissionText('bills.reverse_payment'));
  if (bill.status !== 'paid') return stale("Only a paid bill's payment can be reversed.");
  return { ok: true };
}

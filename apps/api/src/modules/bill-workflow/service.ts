import type {
  BulkApproveRejectRequest,
  BulkApproveRejectResult,
  BulkRecordPaymentRequest,
} from '@bp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { DomainError, invalid, ValidationError } from '../../platform/domain-errors.ts';
import { type Answer, runIdempotent } from '../../platform/idempotency/idempotency.ts';
import type { BillRow } from '../bill-core/index.ts';
import { billById, billList, findVisibleBill } from '../bill-core/index.ts';
import { presentBill } from '../bills/index.ts';
import { clientList } from '../clients/index.ts';
import { conflict, notFound } from './errors.ts';
import {
  applyWorkflowAction,
  type MoneyMoveHook,
  type TransitionContext,
  type WorkflowAction,
} from './transitions.ts';

/** Where a bulk action reaches: one client's bills, or any of an organisation's clients' bills. */
export type BulkWhere = { client: ClientScope } | { organization: OrganizationScope };

export const STALE = 'The bill was changed by someone else. Reload it.';

/** Workflow transitions (docs/decisions/009-workflow-transitions.md): single, bulk, with idempotency. */
export function createWorkflowService(deps: AppDeps, hooks: { moneyMoved?: MoneyMoveHook } = {}) {
  const { db } = deps.database;

  /** The transition's view of the call, on one client (a bulk action over an organisation has several). */
  function transitionContextOf(ctx: ServiceContext<unknown>, client: ClientScope): TransitionContext {
    return {
      caller: { userId: ctx.userId, client },
      actor: ctx.actor,
      now: ctx.now,
      today: ctx.today,
      moneyMoved: hooks.moneyMoved,
    };
  }

  /**
   * Locks the bill, checks it is still the version the caller saw (the one sent, else the one read when
   * the request arrived: a request that waited on another's lock finds it changed and gets 409), applies
   * the action. Returns the bill after it.
   */
  async function transition(
    tx: DbOrTx,
    scope: ClientScope,
    billGuid: string,
    expectedVersion: number,
    input: WorkflowAction,
    context: TransitionContext,
  ): Promise<BillRow> {
    const bill = await findVisibleBill(tx, scope, billGuid, { forUpdate: true });
    if (bill.version !== expectedVersion) throw conflict(STALE);
    await applyWorkflowAction(tx, bill, input, context);
    const after = await billById(tx, bill.id);
    if (!after) throw notFound();
    return after;
  }

  /** POST .../workflow, .../workflow/revise, .../workflow/reverse-payment: the bill page afterwards. */
  async function act(
    ctx: ServiceContext<ClientScope>,
    billGuid: string,
    input: WorkflowAction,
    version: number | undefined,
  ): Promise<Answer> {
    const scope = ctx.scope;
    const seen = await findVisibleBill(db, scope, billGuid);
    const context = transitionContextOf(ctx, scope);
    return runIdempotent(db, ctx.idempotency, context.now, async (tx) => {
      const after = await transition(tx, scope, billGuid, version ?? seen.version, input, context);
      const body = await presentBill(tx, after, { scope, userId: context.caller.userId });
      return { status: 200, body };
    });
  }

  /**
   * A staff member's view of a client of its organisation, for bulk actions from the organisation queues.
   * Read through `reader`: inside an Idempotency-Key's transaction a read on `db` would wait for that
   * transaction on a single-connection database (PGlite) and never return.
   */
  async function staffScopeOf(
    reader: DbOrTx,
    organization: OrganizationScope,
    clientId: number,
  ): Promise<ClientScope> {
    const [client] = await reader.select().from(clientList).where(eq(clientList.id, clientId));
    if (!client) throw notFound();
    return {
      id: client.id,
      guid: client.guid,
      name: client.name,
      organizationId: client.organizationId,
      archived: client.archivedAt !== null,
      via: 'staff',
      organization,
      clientUserId: null,
      clientRole: null,
    };
  }

  /**
   * bulk-approve-reject: every bill on its own (its own transaction, or with an Idempotency-Key its own
   * savepoint inside the key's transaction), with the rules of the single call; each gets a result row.
   * Bills the caller cannot reach answer not_found in their row. Bills are taken in id order so two bulk
   * calls over the same bills lock them in the same order.
   */
  async function bulk(ctx: ServiceContext<BulkWhere>, body: BulkApproveRejectRequest): Promise<Answer> {
    if (body.action === 'reject' && body.reject_reason === 'other' && !body.reject_other_description) {
      throw invalid('reject_other_description', 'Describe why the bills are rejected.');
    }
    const input: WorkflowAction =
      body.action === 'approve'
        ? { action: 'approve', verbal: body.verbal === true }
        : {
            action: 'reject',
            reject_reason: body.reject_reason ?? 'other',
            reject_other_description: body.reject_other_description ?? null,
          };
    return runBulk(ctx, body.bills, input);
  }

  /**
   * bulk-record-payment: the same payment details recorded on each bill, each with the single call's
   * rules and checks (a reference its method needs, an account of its client), one result row per bill.
   */
  async function bulkRecordPayment(
    ctx: ServiceContext<BulkWhere>,
    body: BulkRecordPaymentRequest,
  ): Promise<Answer> {
    const { bills: list, ...details } = body;
    return runBulk(ctx, list, { action: 'record_payment', ...details });
  }

  async function runBulk(
    ctx: ServiceContext<BulkWhere>,
    billGuids: string[],
    input: WorkflowAction,
  ): Promise<Answer> {
    const where = ctx.scope;
    const guids = [...new Set(billGuids)];
    const found =
      'client' in where
        ? await db
            .select()
            .from(billList)
            .where(and(eq(billList.clientId, where.client.id), inArray(billList.guid, guids)))
        : await db
            .select()
            .from(billList)
            .where(and(eq(billList.organizationId, where.organization.id), inArray(billList.guid, guids)));
    const scopes = new Map<number, ClientScope>();
    const scopeFor = async (reader: DbOrTx, bill: BillRow) => {
      if ('client' in where) return where.client;
      const known = scopes.get(bill.clientId);
      if (known) return known;
      const scope = await staffScopeOf(reader, where.organization, bill.clientId);
      scopes.set(bill.clientId, scope);
      return scope;
    };
    const ordered = [...found].sort((a, b) => a.id - b.id);

    const runAll = async (
      reader: DbOrTx,
      inOwnTransaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>,
    ) => {
      const outcome = new Map<string, BulkApproveRejectResult['results'][number]>();
      for (const seen of ordered) {
        try {
          const scope = await scopeFor(reader, seen);
          const context = transitionContextOf(ctx, scope);
          const after = await inOwnTransaction((tx) =>
            transition(tx, scope, seen.guid, seen.version, input, context),
          );
          outcome.set(seen.guid, {
            bill: seen.guid,
            ok: true,
            status: after.status,
            detail: null,
            code: null,
          });
        } catch (error) {
          if (error instanceof DomainError) {
            outcome.set(seen.guid, {
              bill: seen.guid,
              ok: false,
              status: null,
              detail: error.detail,
              code: error.code,
            });
          } else if (error instanceof ValidationError) {
            // A bill the payment details do not fit (its method needs a reference, another client's account).
            outcome.set(seen.guid, {
              bill: seen.guid,
              ok: false,
              status: null,
              detail: Object.values(error.fields).flat().join(' '),
              code: 'invalid',
            });
          } else throw error;
        }
      }
      const results = billGuids.map(
        (guid) =>
          outcome.get(guid) ?? {
            bill: guid,
            ok: false,
            status: null,
            detail: 'Not found.',
            code: 'not_found',
          },
      );
      return { status: 200, body: { results } satisfies BulkApproveRejectResult };
    };

    if (ctx.idempotency.key === null) return runAll(db, (work) => db.transaction(work));
    return runIdempotent(db, ctx.idempotency, ctx.now, (outer) =>
      runAll(outer, (work) => outer.transaction(work)),
    );
  }

  return { act, bulk, bulkRecordPayment };
}

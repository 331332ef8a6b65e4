import type { PersonRef } from '@bp/contracts';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import {
  type ApprovalJson,
  type ApprovalRow,
  approvalsFromJson,
  approvalsJsonColumn,
  type BillRow,
  billApprovalList,
  billLineList,
  billList,
  personOf,
  type SummaryRow,
  selectSummariesWith,
  visibleBillConditions,
} from '../bill-core/index.ts';
import { unreadMessagesOnColumn } from '../bill-messages/index.ts';
import { accountList, divisionList, parentAccountList } from '../entities/index.ts';
import { userList } from '../users/index.ts';

/** A line as the bill page reads it (JSON of the one statement). */
export interface BillPageLine {
  guid: string;
  memo: string;
  amount: number;
  account: { guid: string; name: string };
  parentName: string | null;
  division: { guid: string; name: string } | null;
}

/** Everything the bill page shows, from one statement. */
export interface BillPageRead {
  summary: SummaryRow & { bill: BillRow };
  /** Every approval of every round (the plan, the buttons, the edit and delete rules). */
  approvals: ApprovalRow[];
  lines: BillPageLine[];
  /** Whoever entered the bill and the approvers of its current round. */
  people: Map<number, PersonRef>;
  unread: number;
}

interface PersonJson {
  id: number;
  guid: string;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
}

const a = billApprovalList;
const l = billLineList;

/** The bill's lines in their order, with account (and its parent's name) and division. */
const linesJson = sql<BillPageLine[]>`coalesce((select json_agg(json_build_object(
    'guid', ${l.guid}, 'memo', ${l.memo}, 'amount', ${l.amount},
    'account', json_build_object('guid', ${accountList.guid}, 'name', ${accountList.name}),
    'parentName', ${parentAccountList.name},
    'division', case when ${divisionList.id} is null then null
      else json_build_object('guid', ${divisionList.guid}, 'name', ${divisionList.name}) end)
    order by ${l.position})
  from ${l}
  inner join ${accountList} on ${accountList.id} = ${l.accountId}
  left join ${parentAccountList} on ${parentAccountList.id} = ${accountList.parentId}
  left join ${divisionList} on ${divisionList.id} = ${l.divisionId}
  where ${l.billId} = ${billList.id}), '[]'::json)`;

/** Whoever entered the bill and the current round's approvers, as person references. */
const peopleJson = sql<PersonJson[]>`coalesce((select json_agg(json_build_object(
    'id', ${userList.id}, 'guid', ${userList.guid}, 'firstName', ${userList.firstName},
    'lastName', ${userList.lastName}, 'avatarKey', ${userList.avatarKey}))
  from ${userList} where ${userList.id} = ${billList.createdByUserId}
    or ${userList.id} in (select ${a.userId} from ${a}
      where ${a.billId} = ${billList.id} and ${a.round} = ${billList.round})), '[]'::json)`;

/** The bill with everything its page shows, as columns; `userId` (a value or a placeholder) reads its unread. */
const selectPage = (db: DbOrTx, userId: number | SQLWrapper) =>
  selectSummariesWith(db, {
    approvals: approvalsJsonColumn,
    lines: linesJson,
    people: peopleJson,
    unread: unreadMessagesOnColumn(billList.id, userId),
  });

/**
 * The bill page's read (issue 12 item 2): the bill with its client, entity and vendor, its approvals,
 * lines, the people they name and the caller's unread messages — one SQL statement, the parts as JSON
 * columns built by the database, instead of one statement each. `where` picks the bill (visibility
 * conditions on billList); undefined when it matches none.
 */
export async function readBillPage(
  db: DbOrTx,
  where: SQL[],
  userId: number,
): Promise<BillPageRead | undefined> {
  const [row] = await selectPage(db, userId).where(and(...where));
  return row ? fromRow(row) : undefined;
}

function fromRow(
  row: SummaryRow & {
    bill: BillRow;
    approvals: ApprovalJson[];
    lines: BillPageLine[];
    people: PersonJson[];
    unread: number;
  },
): BillPageRead {
  const { approvals, lines, people, unread, ...summary } = row;
  return {
    summary: summary as SummaryRow & { bill: BillRow },
    approvals: approvalsFromJson(approvals),
    lines,
    people: new Map(people.map((p) => [p.id, personOf(p) as PersonRef])),
    unread: Number(unread),
  };
}

/**
 * The page of a bill a staff member opens, by guid within the client: the same statement with
 * placeholders, prepared once per database (issue 12 item 2: built by Drizzle on every request before).
 * Client users' visibility conditions vary with their limits, so their reads stay built per request.
 */
const staffRead = preparedPerDatabase((db) =>
  selectPage(db, sql.placeholder('userId'))
    .where(
      and(eq(billList.guid, sql.placeholder('guid')), eq(billList.clientId, sql.placeholder('clientId'))),
    )
    .prepare('bill_page_staff'),
);

/** The bill `billGuid` of the scope's client as `userId` may see it, or undefined (see readBillPage). */
export async function readVisibleBillPage(
  db: Db,
  scope: ClientScope,
  billGuid: string,
  userId: number,
): Promise<BillPageRead | undefined> {
  if (scope.via !== 'staff')
    return readBillPage(db, await visibleBillConditions(db, scope, billGuid, billList), userId);
  const [row] = await staffRead(db).execute({ guid: billGuid, clientId: scope.id, userId });
  return row ? fromRow(row) : undefined;
}

/** The same bill by id (after a write: the bill as it now stands). */
export const byBillId = (billId: number): SQL[] => [eq(billList.id, billId)];

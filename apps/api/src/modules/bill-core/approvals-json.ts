import { sql } from 'drizzle-orm';
import { billApprovalList, billList } from './query-pieces.ts';
import type { ApprovalRow } from './state.ts';

/** An approval as the database writes it into JSON (timestamps as text). */
export interface ApprovalJson extends Omit<ApprovalRow, 'createdAt' | 'confirmedAt'> {
  createdAt: string;
  confirmedAt: string | null;
}

const a = billApprovalList;

/**
 * The approvals of every round of the row's bill (billList), oldest first, as one JSON column: the bill page
 * and the queue pages read them with the bills themselves instead of in a statement of their own.
 */
export const approvalsJsonColumn = sql<ApprovalJson[]>`coalesce((select json_agg(json_build_object(
    'id', ${a.id}, 'billId', ${a.billId}, 'round', ${a.round}, 'step', ${a.step}, 'userId', ${a.userId},
    'maskedByUserId', ${a.maskedByUserId}, 'result', ${a.result}, 'verbal', ${a.verbal},
    'confirmedByUserId', ${a.confirmedByUserId}, 'confirmedAt', ${a.confirmedAt}, 'createdAt', ${a.createdAt})
    order by ${a.round}, ${a.id})
  from ${a} where ${a.billId} = ${billList.id}), '[]'::json)`;

/** The approval rows of `approvalsJsonColumn`, with their timestamps as dates again. */
export function approvalsFromJson(json: ApprovalJson[]): ApprovalRow[] {
  return json.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    confirmedAt: r.confirmedAt === null ? null : new Date(r.confirmedAt),
  }));
}

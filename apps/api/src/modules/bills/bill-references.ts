import type { BillLineInput } from '@bp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { accountList, divisionList, entityList, lockPayeeVendor } from '../entities/index.ts';

export interface LineValues {
  accountId: number;
  divisionId: number | null;
  memo: string;
  amount: number;
  position: number;
}

/** Field → messages, gathered so one 400 names every problem of a bill at once. */
export type FieldErrors = Record<string, string[]>;
const add = (errors: FieldErrors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

export const LINES_SUM_MESSAGE = 'The lines must add up to the bill amount.';

/** The client's entity a bill is for: it must exist on the client and not be archived. */
export async function resolveEntity(tx: DbOrTx, clientId: number, entityGuid: string, errors: FieldErrors) {
  const [row] = await tx
    .select()
    .from(entityList)
    .where(and(eq(entityList.guid, entityGuid), eq(entityList.clientId, clientId)));
  if (!row) add(errors, 'entity', 'Choose an entity of this client.');
  else if (row.archivedAt) add(errors, 'entity', 'This entity is archived. Unarchive it to enter bills.');
  else return row;
  return null;
}

/**
 * The payee: a vendor of the bill's entity that is still active, locked against a concurrent merge; a
 * vendor merged away gives the vendor it was merged into (decision 022).
 */
export async function resolveVendor(tx: DbOrTx, entityId: number, vendorGuid: string, errors: FieldErrors) {
  const row = await lockPayeeVendor(tx, entityId, vendorGuid);
  if (!row) add(errors, 'vendor', 'Choose a vendor of this entity.');
  else if (!row.isActive) add(errors, 'vendor', `The vendor "${row.name}" is inactive.`);
  else return row;
  return null;
}

/**
 * The lines as rows to insert: each account of the entity, active and assignable to bills (SPEC §5),
 * each division of the entity, and together adding up to `amount`. Problems go to `lines`.
 */
export async function resolveLines(
  tx: DbOrTx,
  entityId: number,
  lines: BillLineInput[],
  amount: number,
  errors: FieldErrors,
): Promise<LineValues[]> {
  const accountGuids = [...new Set(lines.map((l) => l.account))];
  const divisionGuids = [...new Set(lines.map((l) => l.division).filter((d): d is string => !!d))];
  const accountRows =
    accountGuids.length > 0
      ? await tx
          .select()
          .from(accountList)
          .where(and(eq(accountList.entityId, entityId), inArray(accountList.guid, accountGuids)))
      : [];
  const divisionRows =
    divisionGuids.length > 0
      ? await tx
          .select()
          .from(divisionList)
          .where(and(eq(divisionList.entityId, entityId), inArray(divisionList.guid, divisionGuids)))
      : [];
  const values: LineValues[] = [];
  lines.forEach((line, index) => {
    const n = index + 1;
    const account = accountRows.find((a) => a.guid === line.account);
    if (!account) add(errors, 'lines', `Line ${n}: choose an account of this entity.`);
    else if (!account.isActive) add(errors, 'lines', `Line ${n}: the account "${account.name}" is inactive.`);
    else if (!account.assignableToBill)
      add(errors, 'lines', `Line ${n}: the account "${account.name}" cannot be assigned to bills.`);
    const division = line.division ? divisionRows.find((d) => d.guid === line.division) : null;
    if (line.division && !division) add(errors, 'lines', `Line ${n}: choose a division of this entity.`);
    if (account)
      values.push({
        accountId: account.id,
        divisionId: division?.id ?? null,
        memo: line.memo ?? '',
        amount: line.amount,
        position: n,
      });
  });
  if (lines.reduce((sum, l) => sum + l.amount, 0) !== amount) add(errors, 'lines', LINES_SUM_MESSAGE);
  return values;
}

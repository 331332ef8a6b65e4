/**
 * The books' bank-line shape (issue 17's `receiveBankLines(tx, { entityId, bookAccountId, lines })`):
 * what a fed transaction becomes when it posts through the books' feeder rules. Kept here so the
 * aggregator's rows stay ours; the call into books is wired where the books module exports it.
 */
export interface BankLine {
  externalId: string;
  date: string;
  /** Signed cents as the ledger reads a bank account: money in positive, money out negative. */
  amountCents: number;
  description: string;
  counterparty?: string;
  checkNumber?: string;
  pending: boolean;
}

export function toBankLines(
  transactions: {
    providerTransactionId: string;
    date: string;
    amount: number;
    name: string;
    merchantName: string | null;
    checkNumber: string | null;
    pending: boolean;
  }[],
): BankLine[] {
  return transactions.map((t) => ({
    externalId: t.providerTransactionId,
    date: t.date,
    // The aggregator signs money out positive; a bank account's ledger line is a credit for it.
    amountCents: -t.amount,
    description: t.name,
    ...(t.merchantName ? { counterparty: t.merchantName } : {}),
    ...(t.checkNumber ? { checkNumber: t.checkNumber } : {}),
    pending: t.pending,
  }));
}

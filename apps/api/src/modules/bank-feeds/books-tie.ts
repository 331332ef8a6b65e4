import { and, eq } from 'drizzle-orm';
import { createFedBookAccount, fedBookAccountOf, moveUnpostedBankLines } from '../books/index.ts';
import { auditWrite, type Tenant } from '../entities/index.ts';
import { bookAccountName, bookKindOf, feedLines, liveProviderIds } from './books-feed.ts';
import { conflict, notFound, refused } from './errors.ts';
import type { FeedDeps } from './feed-deps.ts';
import { bankFeedAccounts, bankFeedItems } from './tables.ts';

/**
 * Ties a fed account to a books account of its entity (decision 037): one chosen by guid, or a new one
 * made for it. Its lines that posted nothing yet move to the new books account (those that posted stay
 * with their entries; a line booked as a transfer refuses the change, 409), the ones it lacks are fed,
 * all in one transaction with the audit record. Staff only (the policy).
 */
export async function tieToBooks(
  feed: FeedDeps,
  tenant: Tenant,
  accountGuid: string,
  to: { bookAccountGuid: string } | { create: true },
) {
  if (tenant.via !== 'staff')
    throw refused('forbidden', 'permission_denied', 'Only staff tie a bank account to the books.');
  await feed.deps.database.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(bankFeedAccounts)
      .where(and(eq(bankFeedAccounts.clientId, tenant.clientId), eq(bankFeedAccounts.guid, accountGuid)))
      .for('update');
    if (!account) throw notFound();
    const kind = bookKindOf(account);
    if (!kind)
      throw refused(
        'invalid',
        'not_a_bank_account',
        'Only checking, savings and credit-card accounts have lines in the books.',
      );
    let target: { id: number; guid: string };
    if ('create' in to) {
      const [item] = await tx
        .select({ institutionName: bankFeedItems.institutionName })
        .from(bankFeedItems)
        .where(eq(bankFeedItems.id, account.itemId));
      target = await createFedBookAccount(tx, account.entityId, {
        name: bookAccountName(item?.institutionName ?? null, account),
        kind,
      });
    } else {
      target = await fedBookAccountOf(tx, account.entityId, to.bookAccountGuid);
      if (target.id === account.bookAccountId) return;
      const [other] = await tx
        .select({ id: bankFeedAccounts.id })
        .from(bankFeedAccounts)
        .where(eq(bankFeedAccounts.bookAccountId, target.id));
      if (other)
        throw conflict(
          'Another linked bank account already feeds this books account: choose another one.',
          'book_account_taken',
        );
    }
    const providerIds = await liveProviderIds(tx, account.id);
    let moved = 0;
    if (account.bookAccountId !== null)
      ({ moved } = await moveUnpostedBankLines(tx, {
        entityId: account.entityId,
        fromAccountId: account.bookAccountId,
        toAccountId: target.id,
        externalIds: providerIds,
      }));
    await tx
      .update(bankFeedAccounts)
      .set({ bookAccountId: target.id })
      .where(eq(bankFeedAccounts.id, account.id));
    // Lines the books account has not seen (an account never tied, or lines that posted on the old one
    // stay there and are not sent again: receiving is by bank id per account, so only missing ones land).
    if (account.bookAccountId === null)
      await feedLines(feed, tx, { ...account, bookAccountId: target.id }, { providerIds, removedIds: [] });
    await auditWrite(tx, tenant, {
      action: 'bank_account_tied_to_books',
      objectType: 'bank_feed_account',
      objectGuid: account.guid,
      changes: {
        book_account: { before: null, after: target.guid },
        moved_lines: { before: null, after: moved },
      },
    });
  });
}

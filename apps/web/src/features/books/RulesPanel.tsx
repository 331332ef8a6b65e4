import type { BookAccount, FeederBatch, FeederRule } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  errorMessageOf,
  QueryStates,
  useConfirmTarget,
  useToast,
  visuallyHidden,
} from '../../ui/index.ts';
import { type EntityBooks, useBookAccounts } from './books-api.ts';
import { useFeederBatches, useFeederRules, useFeederWrites } from './books-feeder-api.ts';
import { draftOfRule, EMPTY_RULE, type RuleDraft, RuleEditorDialog } from './RuleEditorDialog.tsx';

/** The rule's filters in words. */
function filtersText(rule: FeederRule, accounts: BookAccount[]): string {
  const f = rule.filters;
  const parts: string[] = [];
  if (f.description_contains) parts.push(`description contains "${f.description_contains}"`);
  if (f.description_matches) parts.push(`description matches "${f.description_matches}"`);
  if (f.counterparty_contains) parts.push(`payee contains "${f.counterparty_contains}"`);
  if (f.direction !== 'any') parts.push(f.direction === 'in' ? 'money in' : 'money out');
  if (f.amount_min != null) parts.push(`at least ${formatMoney(f.amount_min)}`);
  if (f.amount_max != null) parts.push(`at most ${formatMoney(f.amount_max)}`);
  if (f.bank_account)
    parts.push(`on ${accounts.find((a) => a.guid === f.bank_account)?.name ?? 'an account'}`);
  return parts.join(', ');
}

function actionText(rule: FeederRule, accounts: BookAccount[]): string {
  const name = (guid: string) => accounts.find((a) => a.guid === guid)?.name ?? 'an account';
  if (rule.action.type === 'transfer') return `Transfer with ${name(rule.action.account)}`;
  const { splits } = rule.action;
  return splits.length === 1
    ? name(splits[0]?.account ?? '')
    : splits.map((s) => `${name(s.account)} ${s.percent}%`).join(', ');
}

/**
 * Feeder rules in priority order (the first that matches a transaction categorises it), applying them as
 * one batch, and the recent batches, each of which can be undone as a whole.
 */
export function RulesPanel({ books }: { books: EntityBooks }) {
  const rules = useFeederRules(books);
  const batches = useFeederBatches(books);
  const accounts = useBookAccounts(books).data?.results ?? [];
  const writes = useFeederWrites(books);
  const toast = useToast();
  const [editing, setEditing] = useState<{ draft: RuleDraft; rule: FeederRule | null } | null>(null);
  const deleting = useConfirmTarget<FeederRule>();
  const undoing = useConfirmTarget<FeederBatch>();
  const applyAll = () =>
    writes.apply.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(
          result.categorized === 0
            ? 'No uncategorised transaction matched a rule.'
            : `Categorized ${result.categorized} transaction${result.categorized === 1 ? '' : 's'}.`,
        ),
      onError: (error) => toast.error(errorMessageOf(error)),
    });
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={applyAll} loading={writes.apply.isPending}>
          Apply all rules
        </Button>
        <Button variant="contained" onClick={() => setEditing({ draft: EMPTY_RULE, rule: null })}>
          New rule
        </Button>
      </Stack>
      <QueryStates
        query={rules}
        loadingLabel="Loading rules…"
        errorMessage={errorMessageOf}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No rules yet">
            Write one here, or categorise a transaction by hand and choose “Make a rule”.
          </EmptyState>
        }
      >
        {(data) => (
          <Table size="small" aria-label="Feeder rules">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Matches</TableCell>
                <TableCell>Books to</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((rule) => (
                <TableRow key={rule.guid}>
                  <TableCell>{rule.priority}</TableCell>
                  <TableCell>{rule.name}</TableCell>
                  <TableCell>{filtersText(rule, accounts)}</TableCell>
                  <TableCell>{actionText(rule, accounts)}</TableCell>
                  <TableCell>{rule.is_active ? 'Active' : 'Paused'}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setEditing({ draft: draftOfRule(rule), rule })}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          writes.updateRule.mutate(
                            { feederRuleGuid: rule.guid, body: { is_active: !rule.is_active } },
                            { onError: (error) => toast.error(errorMessageOf(error)) },
                          )
                        }
                      >
                        {rule.is_active ? 'Pause' : 'Resume'}
                      </Button>
                      <Button size="small" color="error" onClick={() => deleting.ask(rule)}>
                        Delete
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryStates>
      <section aria-labelledby="batches-title">
        <Typography variant="h6" component="h3" id="batches-title" sx={{ mb: 1 }}>
          Recent batches
        </Typography>
        <QueryStates
          query={batches}
          loadingLabel="Loading batches…"
          errorMessage={errorMessageOf}
          isEmpty={(data) => data.results.length === 0}
          empty={
            <EmptyState title="No batches">Applying rules makes a batch you can undo as a whole.</EmptyState>
          }
        >
          {(data) => (
            <Table size="small" aria-label="Rule batches">
              <TableHead>
                <TableRow>
                  <TableCell>Applied</TableCell>
                  <TableCell>Rule</TableCell>
                  <TableCell align="right">Transactions</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((batch) => (
                  <TableRow key={batch.guid}>
                    <TableCell>{new Date(batch.created_on).toLocaleString()}</TableCell>
                    <TableCell>{batch.rule?.name ?? 'All active rules'}</TableCell>
                    <TableCell align="right">{batch.line_count}</TableCell>
                    <TableCell align="right">{formatMoney(batch.total)}</TableCell>
                    <TableCell>{batch.undone_on ? 'Undone' : 'Applied'}</TableCell>
                    <TableCell>
                      {batch.undone_on ? null : (
                        <Button size="small" onClick={() => undoing.ask(batch)}>
                          Undo
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryStates>
      </section>
      <RuleEditorDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        books={books}
        accounts={accounts}
        initial={editing?.draft ?? EMPTY_RULE}
        rule={editing?.rule ?? null}
      />
      <ConfirmDialog
        open={deleting.open}
        title="Delete this rule?"
        confirmLabel="Delete"
        destructive
        pending={writes.deleteRule.isPending}
        onClose={deleting.close}
        onConfirm={() => {
          if (!deleting.target) return;
          writes.deleteRule.mutate(deleting.target.guid, {
            onSuccess: () => {
              toast.success('Rule deleted.');
              deleting.close();
            },
            onError: (error) => {
              toast.error(errorMessageOf(error));
              deleting.close();
            },
          });
        }}
      >
        What it categorised stays booked; undo its batches first to return those transactions.
      </ConfirmDialog>
      <ConfirmDialog
        open={undoing.open}
        title="Undo this batch?"
        confirmLabel="Undo batch"
        pending={writes.undo.isPending}
        onClose={undoing.close}
        onConfirm={() => {
          if (!undoing.target) return;
          writes.undo.mutate(undoing.target.guid, {
            onSuccess: () => {
              toast.success('Batch undone.');
              undoing.close();
            },
            onError: (error) => {
              toast.error(errorMessageOf(error));
              undoing.close();
            },
          });
        }}
      >
        Each of its entries is reversed and its {undoing.target?.line_count ?? 0} transactions return to
        uncategorised, all at once.
      </ConfirmDialog>
    </Stack>
  );
}

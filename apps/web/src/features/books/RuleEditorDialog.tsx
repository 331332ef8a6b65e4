import type { BookAccount, FeederPreview, FeederRule } from '@bp/contracts';
import { formatMoney, parseDollarsToCents } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { errorMessageOf, useToast } from '../../ui/index.ts';
import { ActionEditor, type ActionValues, actionOf, actionValuesOf, EMPTY_ACTION } from './action-editor.tsx';
import type { EntityBooks } from './books-api.ts';
import { type FiltersInput, useFeederWrites } from './books-feeder-api.ts';

/** A rule as the editor holds it: amounts in dollars as typed. */
export interface RuleDraft {
  name: string;
  description_contains: string;
  description_matches: string;
  counterparty_contains: string;
  direction: 'any' | 'in' | 'out';
  amount_min: string;
  amount_max: string;
  bank_account: string;
  action: ActionValues;
}

export const EMPTY_RULE: RuleDraft = {
  name: '',
  description_contains: '',
  description_matches: '',
  counterparty_contains: '',
  direction: 'any',
  amount_min: '',
  amount_max: '',
  bank_account: '',
  action: EMPTY_ACTION,
};

const dollars = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2));

export function draftOfRule(rule: FeederRule): RuleDraft {
  const f = rule.filters;
  return {
    name: rule.name,
    description_contains: f.description_contains ?? '',
    description_matches: f.description_matches ?? '',
    counterparty_contains: f.counterparty_contains ?? '',
    direction: f.direction,
    amount_min: dollars(f.amount_min),
    amount_max: dollars(f.amount_max),
    bank_account: f.bank_account ?? '',
    action: actionValuesOf(rule.action),
  };
}

/** The draft's filters for the API, or the field whose amount does not read. */
function filtersOf(d: RuleDraft): { filters: FiltersInput } | { problem: string } {
  const amount = (text: string, label: string) => {
    if (text.trim() === '') return { cents: null };
    const cents = parseDollarsToCents(text);
    return cents === null || cents < 0 ? { problem: `Enter the ${label} in dollars.` } : { cents };
  };
  const min = amount(d.amount_min, 'smallest amount');
  const max = amount(d.amount_max, 'largest amount');
  if ('problem' in min) return { problem: min.problem ?? '' };
  if ('problem' in max) return { problem: max.problem ?? '' };
  return {
    filters: {
      description_contains: d.description_contains || null,
      description_matches: d.description_matches || null,
      counterparty_contains: d.counterparty_contains || null,
      direction: d.direction,
      amount_min: min.cents,
      amount_max: max.cents,
      bank_account: d.bank_account || null,
    },
  };
}

/**
 * Writes or edits a feeder rule: its filters and action, a preview of what it would post for the
 * uncategorised lines it matches, then saving it (and, when asked, applying it at once as one batch).
 */
export function RuleEditorDialog({
  open,
  onClose,
  books,
  accounts,
  initial,
  rule,
}: {
  open: boolean;
  onClose: () => void;
  books: EntityBooks;
  accounts: BookAccount[];
  initial: RuleDraft;
  /** The rule being edited; null for a new one. */
  rule: FeederRule | null;
}) {
  const titleId = useId();
  const toast = useToast();
  const writes = useFeederWrites(books);
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<FeederPreview | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(initial);
      setProblem(null);
      setPreview(null);
    }
  }, [open, initial]);
  const set = (patch: Partial<RuleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setPreview(null);
  };
  const banks = accounts.filter((a) => a.subtype === 'bank' || a.subtype === 'credit_card');
  const built = () => {
    const f = filtersOf(draft);
    if ('problem' in f) return { problem: f.problem };
    const a = actionOf(draft.action);
    if ('problem' in a) return { problem: a.problem };
    return { filters: f.filters, action: a.action };
  };
  const explain = (error: unknown) => {
    const message = errorMessageOf(error);
    setProblem(message);
  };
  const runPreview = () => {
    const body = built();
    if ('problem' in body) return setProblem(body.problem ?? null);
    setProblem(null);
    writes.preview.mutate(body, { onSuccess: setPreview, onError: explain });
  };
  const save = (andApply: boolean) => {
    const body = built();
    if ('problem' in body) return setProblem(body.problem ?? null);
    if (!draft.name.trim()) return setProblem('Give the rule a name.');
    setProblem(null);
    const done = (saved: FeederRule) => {
      if (!andApply) {
        toast.success(rule ? 'Rule saved.' : 'Rule created.');
        onClose();
        return;
      }
      writes.apply.mutate(saved.guid, {
        onSuccess: (result) => {
          toast.success(
            result.categorized === 0
              ? 'Rule saved. No uncategorised transaction matched it.'
              : `Rule saved and applied to ${result.categorized} transaction${result.categorized === 1 ? '' : 's'}.`,
          );
          onClose();
        },
        onError: explain,
      });
    };
    const payload = { name: draft.name.trim(), filters: body.filters as never, action: body.action };
    if (rule)
      writes.updateRule.mutate(
        { feederRuleGuid: rule.guid, body: payload },
        { onSuccess: done, onError: explain },
      );
    else writes.createRule.mutate(payload, { onSuccess: done, onError: explain });
  };
  const pending = writes.createRule.isPending || writes.updateRule.isPending || writes.apply.isPending;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{rule ? 'Edit rule' : 'New rule'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            id="rule-name"
            label="Rule name"
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            required
          />
          <Typography variant="subtitle2" component="h3">
            Transactions it matches
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              id="rule-description-contains"
              label="Description contains"
              value={draft.description_contains}
              onChange={(e) => set({ description_contains: e.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              id="rule-description-matches"
              label="Description matches"
              helperText="* any characters, ? one character"
              value={draft.description_matches}
              onChange={(e) => set({ description_matches: e.target.value })}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              id="rule-counterparty"
              label="Payee contains"
              value={draft.counterparty_contains}
              onChange={(e) => set({ counterparty_contains: e.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              id="rule-direction"
              label="Direction"
              value={draft.direction}
              onChange={(e) => set({ direction: e.target.value as RuleDraft['direction'] })}
              sx={{ width: 180 }}
            >
              <MenuItem value="any">Money in or out</MenuItem>
              <MenuItem value="in">Money in</MenuItem>
              <MenuItem value="out">Money out</MenuItem>
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              id="rule-amount-min"
              label="Smallest amount"
              value={draft.amount_min}
              onChange={(e) => set({ amount_min: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              id="rule-amount-max"
              label="Largest amount"
              value={draft.amount_max}
              onChange={(e) => set({ amount_max: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              select
              id="rule-bank-account"
              label="Bank account"
              value={draft.bank_account}
              onChange={(e) => set({ bank_account: e.target.value })}
              sx={{ flex: 1 }}
            >
              <MenuItem value="">Any account</MenuItem>
              {banks.map((a) => (
                <MenuItem key={a.guid} value={a.guid}>
                  {a.number ? `${a.number} ${a.name}` : a.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2" component="h3">
            What it does
          </Typography>
          <ActionEditor
            value={draft.action}
            onChange={(action) => set({ action })}
            accounts={accounts}
            bankAccount={draft.bank_account || null}
            clientGuid={books.clientGuid}
            entityGuid={books.entityGuid}
            idPrefix="rule-action"
          />
          {preview ? <PreviewTable preview={preview} /> : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={runPreview} loading={writes.preview.isPending}>
          Preview
        </Button>
        <Button onClick={() => save(false)} loading={pending}>
          Save rule
        </Button>
        <Button variant="contained" onClick={() => save(true)} loading={pending}>
          Save and apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PreviewTable({ preview }: { preview: FeederPreview }) {
  return (
    <section aria-label="Preview">
      <Typography role="status" sx={{ mb: 1 }}>
        {preview.count === 0
          ? 'No uncategorised transaction matches these filters.'
          : `Matches ${preview.count} uncategorised transaction${preview.count === 1 ? '' : 's'} (${formatMoney(Math.abs(preview.total))}).`}
        {preview.already_categorized > 0
          ? ` ${preview.already_categorized} categorised already will stay as they are.`
          : ''}
      </Typography>
      {preview.results.length > 0 ? (
        <Table size="small" aria-label="Preview of the rule">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Would post</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.results.map(({ line, postings }) => (
              <TableRow key={line.guid}>
                <TableCell>{line.date}</TableCell>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                <TableCell>
                  {postings
                    .map(
                      (p) =>
                        `${p.account.name} ${p.debit ? `Dr ${formatMoney(p.debit)}` : `Cr ${formatMoney(p.credit)}`}`,
                    )
                    .join('; ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}

import { type BankLineMatch, bankMatchingRoutes, type MatchState } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useBankMatching, useFindataWrite } from './findata-hooks.ts';

const TABS: { state: MatchState; label: string }[] = [
  { state: 'to_match', label: 'To match' },
  { state: 'matched', label: 'Matched' },
  { state: 'document_requested', label: 'Document requested' },
];

/**
 * Staff's bank matching (decision 036): paid bills matched to the bank lines that paid them. "Match now"
 * applies the confident matches; the rest wait here with their candidates and scores: accept one, pick
 * another, or ask the client for the document. A match can be undone.
 */
export function BankMatchingPanel({ clientGuid }: { clientGuid: string }) {
  const [state, setState] = useState<MatchState>('to_match');
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState<BankLineMatch | null>(null);
  const [message, setMessage] = useState('');
  const lines = useBankMatching(clientGuid, state, page + 1);
  const toast = useToast();
  const fail = (error: unknown) => toast.error(apiErrorMessage(error));
  const run = useFindataWrite(clientGuid, (api, _: null) =>
    api.call(bankMatchingRoutes.postBankMatchingRun, { params: { clientGuid } }),
  );
  const accept = useFindataWrite(clientGuid, (api, v: { line: string; bill: string }) =>
    api.call(bankMatchingRoutes.postBankLineMatch, {
      params: { clientGuid, transactionGuid: v.line },
      body: { bill_guid: v.bill },
    }),
  );
  const undo = useFindataWrite(clientGuid, (api, line: string) =>
    api.call(bankMatchingRoutes.deleteBankLineMatch, { params: { clientGuid, transactionGuid: line } }),
  );
  const ask = useFindataWrite(clientGuid, (api, v: { line: string; message: string }) =>
    api.call(bankMatchingRoutes.postBankLineRequestDocument, {
      params: { clientGuid, transactionGuid: v.line },
      body: v.message.trim() ? { message: v.message.trim() } : {},
    }),
  );

  return (
    <Box component="section" aria-labelledby="bank-matching-title">
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography id="bank-matching-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Bank matching
        </Typography>
        <Button
          variant="contained"
          loading={run.isPending}
          onClick={() =>
            run.mutate(null, {
              onSuccess: (r) => toast.success(`${r.applied} matched, ${r.to_match} to match.`),
              onError: fail,
            })
          }
        >
          Match now
        </Button>
      </Stack>
      <Tabs
        value={state}
        onChange={(_, next: MatchState) => {
          setState(next);
          setPage(0);
        }}
        aria-label="Bank lines by state"
        sx={{ mb: 1 }}
      >
        {TABS.map((t) => (
          <Tab key={t.state} value={t.state} label={t.label} />
        ))}
      </Tabs>
      <DataTable<BankLineMatch>
        label="Bank lines"
        rows={lines.data?.results ?? []}
        rowKey={(l) => l.transaction.guid}
        loadingLabel={lines.isPending ? 'Loading bank lines…' : undefined}
        empty={state === 'to_match' ? 'Every payment out is matched.' : 'None.'}
        paging={{ count: lines.data?.count ?? 0, page, pageSize: 10, onPageChange: setPage }}
        columns={[
          { key: 'date', header: 'Date', render: (l) => formatDate(l.transaction.date) },
          { key: 'line', header: 'Bank line', rowHeader: true, render: (l) => l.transaction.name },
          { key: 'account', header: 'Account', render: (l) => l.account_name },
          {
            key: 'amount',
            header: 'Amount',
            align: 'right',
            render: (l) => formatMoney(l.transaction.amount),
          },
          {
            key: 'bill',
            header: state === 'to_match' ? 'Candidates' : 'Bill',
            render: (l) =>
              l.match ? (
                `${l.match.payee}, paid ${l.match.paid_date ? formatDate(l.match.paid_date) : ''} (${l.match.method === 'auto' ? `auto, ${l.match.score}%` : 'by hand'})`
              ) : l.candidates.length === 0 ? (
                'No paid bill of this amount'
              ) : (
                <Stack spacing={0.5}>
                  {l.candidates.map((c) => (
                    <Stack key={c.bill_guid} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>
                        {c.payee}, paid {c.paid_date ? formatDate(c.paid_date) : '—'}
                        {c.payment_reference ? ` (${c.payment_reference})` : ''}: {c.score}%
                      </span>
                      <Button
                        size="small"
                        aria-label={`Match ${l.transaction.name} to ${c.payee} paid ${c.paid_date ?? ''}`}
                        onClick={() =>
                          accept.mutate(
                            { line: l.transaction.guid, bill: c.bill_guid },
                            { onSuccess: () => toast.success('Matched.'), onError: fail },
                          )
                        }
                      >
                        Match
                      </Button>
                    </Stack>
                  ))}
                </Stack>
              ),
          },
        ]}
        actions={(l) =>
          l.state === 'matched' ? (
            <Button
              size="small"
              aria-label={`Undo the match of ${l.transaction.name}`}
              onClick={() =>
                undo.mutate(l.transaction.guid, {
                  onSuccess: () => toast.success('Match undone.'),
                  onError: fail,
                })
              }
            >
              Undo
            </Button>
          ) : l.state === 'to_match' ? (
            <Button
              size="small"
              onClick={() => setAsking(l)}
              aria-label={`Request document for ${l.transaction.name}`}
            >
              Request document
            </Button>
          ) : null
        }
      />
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="ask-title"
      >
        <DialogTitle id="ask-title">Request the document</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            The client's users get an e-mail about the payment of{' '}
            {asking
              ? `${formatMoney(asking.transaction.amount)} on ${formatDate(asking.transaction.date)}`
              : ''}
            , and a task is opened for the team.
          </Typography>
          <TextField
            label="Message (optional)"
            multiline
            minRows={2}
            fullWidth
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Cancel</Button>
          <Button
            variant="contained"
            loading={ask.isPending}
            onClick={() =>
              asking &&
              ask.mutate(
                { line: asking.transaction.guid, message },
                {
                  onSuccess: () => {
                    toast.success('The client was asked for the document.');
                    setAsking(null);
                    setMessage('');
                  },
                  onError: fail,
                },
              )
            }
          >
            Send request
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

import type { BookAccount, BookPipeline, BookTemplate, PipelineRun } from '@bp/contracts';
import { formatMoney, parseDollarsToCents } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { EmptyState, errorMessageOf, QueryStates, useToast, visuallyHidden } from '../../ui/index.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { type EntityBooks, useBookAccounts } from './books-api.ts';
import { useFeederWrites, usePipelines, useTemplates } from './books-feeder-api.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

function runSummary(run: PipelineRun): string {
  return run.results
    .map((r) => `${r.name}: ${r.status === 'done' ? r.message : `${r.status} (${r.message})`}`)
    .join(' · ');
}

/**
 * Templates (recurring entries, posted once per month) and pipelines (rules and templates run in order
 * for a month), each run for the month chosen above them.
 */
export function TemplatesPanel({ books }: { books: EntityBooks }) {
  const templates = useTemplates(books);
  const pipelines = usePipelines(books);
  const accounts = useBookAccounts(books).data?.results ?? [];
  const writes = useFeederWrites(books);
  const toast = useToast();
  const [month, setMonth] = useState(thisMonth());
  const [addingTemplate, setAddingTemplate] = useState(false);
  const [addingPipeline, setAddingPipeline] = useState(false);
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const runTemplate = (t: BookTemplate) =>
    writes.runTemplate.mutate(
      { templateGuid: t.guid, month },
      {
        onSuccess: () => toast.success(`${t.name} posted for ${month}.`),
        onError: (error) => toast.error(errorMessageOf(error)),
      },
    );
  const runPipeline = (p: BookPipeline) =>
    writes.runPipeline.mutate(
      { pipelineGuid: p.guid, month },
      {
        onSuccess: (run) =>
          run.status === 'succeeded'
            ? toast.success(`${p.name} ran for ${month}.`)
            : toast.error(`${p.name}: ${runSummary(run)}`),
        onError: (error) => toast.error(errorMessageOf(error)),
      },
    );
  return (
    <Stack spacing={3}>
      <TextField
        id="books-run-month"
        label="Month to run"
        type="month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        error={!validMonth}
        helperText={validMonth ? 'Templates and pipelines post for this month.' : 'Enter a month.'}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 240 }}
      />
      <section aria-labelledby="templates-title">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h3" id="templates-title">
            Templates
          </Typography>
          <Button onClick={() => setAddingTemplate(true)}>New template</Button>
        </Stack>
        <QueryStates
          query={templates}
          loadingLabel="Loading templates…"
          errorMessage={errorMessageOf}
          isEmpty={(data) => data.results.length === 0}
          empty={
            <EmptyState title="No templates">
              A template posts a recurring entry, e.g. monthly depreciation.
            </EmptyState>
          }
        >
          {(data) => (
            <Table size="small" aria-label="Templates">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Lines</TableCell>
                  <TableCell>Posted for</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((t) => (
                  <TableRow key={t.guid}>
                    <TableCell>
                      {t.name}
                      {t.group ? ` (${t.group.name})` : ''}
                    </TableCell>
                    <TableCell>
                      {t.lines
                        .map(
                          (l) =>
                            `${l.account.name} ${l.side === 'debit' ? 'Dr' : 'Cr'} ${l.amount != null ? formatMoney(l.amount) : `${l.percent}%`}`,
                        )
                        .join('; ')}
                    </TableCell>
                    <TableCell>
                      {t.runs
                        .map((r) => r.month)
                        .slice(0, 6)
                        .join(', ') || 'Not yet'}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        disabled={!validMonth || t.runs.some((r) => r.month === month) || !t.is_active}
                        onClick={() => runTemplate(t)}
                      >
                        Run for {month}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryStates>
      </section>
      <section aria-labelledby="pipelines-title">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h3" id="pipelines-title">
            Pipelines
          </Typography>
          <Button onClick={() => setAddingPipeline(true)}>New pipeline</Button>
        </Stack>
        <QueryStates
          query={pipelines}
          loadingLabel="Loading pipelines…"
          errorMessage={errorMessageOf}
          isEmpty={(data) => data.results.length === 0}
          empty={
            <EmptyState title="No pipelines">
              A pipeline runs rules and templates in order each month.
            </EmptyState>
          }
        >
          {(data) => (
            <Table size="small" aria-label="Pipelines">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Steps</TableCell>
                  <TableCell>Last run</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((p) => (
                  <TableRow key={p.guid}>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.steps.map((s, i) => `${i + 1}. ${s.name}`).join(' ')}</TableCell>
                    <TableCell>
                      {p.last_run ? `${p.last_run.month}: ${runSummary(p.last_run)}` : 'Never'}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        disabled={!validMonth}
                        loading={writes.runPipeline.isPending}
                        onClick={() => runPipeline(p)}
                      >
                        Run for {month}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryStates>
      </section>
      <NewTemplateDialog
        open={addingTemplate}
        onClose={() => setAddingTemplate(false)}
        books={books}
        accounts={accounts}
      />
      <NewPipelineDialog
        open={addingPipeline}
        onClose={() => setAddingPipeline(false)}
        books={books}
        templates={templates.data?.results ?? []}
      />
    </Stack>
  );
}

interface TemplateLineValues {
  account: string;
  side: 'debit' | 'credit';
  amount: string;
}

function NewTemplateDialog({
  open,
  onClose,
  books,
  accounts,
}: {
  open: boolean;
  onClose: () => void;
  books: EntityBooks;
  accounts: BookAccount[];
}) {
  const titleId = useId();
  const toast = useToast();
  const { createTemplate } = useFeederWrites(books);
  const blank = (): TemplateLineValues[] => [
    { account: '', side: 'debit', amount: '' },
    { account: '', side: 'credit', amount: '' },
  ];
  const [name, setName] = useState('');
  const [day, setDay] = useState('');
  const [lines, setLines] = useState<TemplateLineValues[]>(blank);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setName('');
    setDay('');
    setLines(blank());
    setProblem(null);
    onClose();
  };
  const setLine = (i: number, patch: Partial<TemplateLineValues>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <FormDialog
      open={open}
      pending={createTemplate.isPending}
      problem={problem}
      onClose={close}
      titleId={titleId}
      title="New template"
      description="Fixed amounts posted each month it runs (debits must equal credits)."
      confirmLabel="Create template"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = lines.map((l) => ({ ...l, cents: parseDollarsToCents(l.amount) }));
        if (!name.trim()) return setProblem('Give the template a name.');
        if (parsed.some((l) => !l.account || l.cents === null || l.cents <= 0))
          return setProblem('Choose an account and enter an amount on every line.');
        setProblem(null);
        createTemplate.mutate(
          {
            name: name.trim(),
            day_of_month: day ? Number(day) : null,
            lines: parsed.map((l) => ({ account: l.account, side: l.side, amount: l.cents ?? 0 })),
          },
          {
            onSuccess: () => {
              toast.success('Template created.');
              close();
            },
            onError: (error) => setProblem(errorMessageOf(error)),
          },
        );
      }}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          id="template-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <TextField
          id="template-day"
          label="Day of the month"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          helperText="1 to 28; left blank, the month's last day."
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
          <Stack direction="row" spacing={1} key={i}>
            <TextField
              select
              id={`template-line-${i}-account`}
              label={`Line ${i + 1} account`}
              value={line.account}
              onChange={(e) => setLine(i, { account: e.target.value })}
              sx={{ flex: 1 }}
            >
              {accounts
                .filter((a) => a.is_active)
                .map((a) => (
                  <MenuItem key={a.guid} value={a.guid}>
                    {a.number ? `${a.number} ${a.name}` : a.name}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              select
              id={`template-line-${i}-side`}
              label={`Line ${i + 1} side`}
              value={line.side}
              onChange={(e) => setLine(i, { side: e.target.value as 'debit' | 'credit' })}
              sx={{ width: 120 }}
            >
              <MenuItem value="debit">Debit</MenuItem>
              <MenuItem value="credit">Credit</MenuItem>
            </TextField>
            <TextField
              id={`template-line-${i}-amount`}
              label={`Line ${i + 1} amount`}
              value={line.amount}
              onChange={(e) => setLine(i, { amount: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ width: 140 }}
            />
            {lines.length > 2 ? (
              <IconButton
                aria-label={`Remove line ${i + 1}`}
                onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
              >
                ×
              </IconButton>
            ) : null}
          </Stack>
        ))}
        <Stack direction="row">
          <Button
            size="small"
            onClick={() => setLines((ls) => [...ls, { account: '', side: 'debit', amount: '' }])}
          >
            Add line
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}

function NewPipelineDialog({
  open,
  onClose,
  books,
  templates,
}: {
  open: boolean;
  onClose: () => void;
  books: EntityBooks;
  templates: BookTemplate[];
}) {
  const titleId = useId();
  const toast = useToast();
  const { createPipeline } = useFeederWrites(books);
  const [name, setName] = useState('');
  const [rules, setRules] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setName('');
    setRules(true);
    setChosen([]);
    setProblem(null);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      pending={createPipeline.isPending}
      problem={problem}
      onClose={close}
      titleId={titleId}
      title="New pipeline"
      description="Its steps run in this order for the month you choose: the rules first, then the templates."
      confirmLabel="Create pipeline"
      onSubmit={(event) => {
        event.preventDefault();
        const steps = [
          ...(rules ? [{ kind: 'rules' as const }] : []),
          ...templates
            .filter((t) => chosen.includes(t.guid))
            .map((t) => ({ kind: 'template' as const, template: t.guid })),
        ];
        if (!name.trim()) return setProblem('Give the pipeline a name.');
        if (steps.length === 0) return setProblem('Choose at least one step.');
        setProblem(null);
        createPipeline.mutate(
          { name: name.trim(), steps },
          {
            onSuccess: () => {
              toast.success('Pipeline created.');
              close();
            },
            onError: (error) => setProblem(errorMessageOf(error)),
          },
        );
      }}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          id="pipeline-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <FormGroup>
          <FormControlLabel
            control={<Checkbox checked={rules} onChange={(e) => setRules(e.target.checked)} />}
            label="Apply all active feeder rules to the month's transactions"
          />
          {templates.map((t) => (
            <FormControlLabel
              key={t.guid}
              control={
                <Checkbox
                  checked={chosen.includes(t.guid)}
                  onChange={(e) =>
                    setChosen((c) => (e.target.checked ? [...c, t.guid] : c.filter((g) => g !== t.guid)))
                  }
                />
              }
              label={`Post template ${t.name}`}
            />
          ))}
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}

import type { CsvImportResult } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

/** Largest file the API takes (contracts' csvImportRequest: 1 MB of text). */
const MAX_BYTES = 1_000_000;

export interface CsvImportDialogProps {
  open: boolean;
  /** What is imported, plural and lower case: "task rules", "tasks". */
  what: string;
  /** The file's columns in template order, and the ones a row must fill. */
  columns: readonly string[];
  required: readonly string[];
  /** Example data rows of the template (without the header). */
  example: readonly (readonly string[])[];
  /** Sends the CSV text; answers the API's per-row result. */
  send: (csv: string) => Promise<CsvImportResult>;
  onImported: () => void;
  onClose: () => void;
}

/** A CSV line: fields with a comma, quote or line break are quoted, quotes doubled. */
const csvLine = (fields: readonly string[]) =>
  fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(',');

export function templateCsv(columns: readonly string[], example: readonly (readonly string[])[]) {
  return `${[columns, ...example].map(csvLine).join('\r\n')}\r\n`;
}

/**
 * Imports rows from a CSV file (or pasted text): the API checks every row and saves all of them or none.
 * The answer's rows are shown line by line with each column's problems, so the file can be fixed and sent
 * again. A template with the columns downloads from the dialog.
 */
export function CsvImportDialog({
  open,
  what,
  columns,
  required,
  example,
  send,
  onImported,
  onClose,
}: CsvImportDialogProps) {
  const toast = useToast();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const upload = useMutation({
    mutationFn: (text: string) => send(text),
    onMutate: () => {
      setProblem(null);
      setResult(null);
    },
    onSuccess: (answer) => {
      setResult(answer);
      if (answer.imported > 0) {
        toast.success(`Imported ${answer.imported} ${what}.`);
        onImported();
      }
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });

  function close() {
    setCsv('');
    setFileName(null);
    setProblem(null);
    setResult(null);
    onClose();
  }

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Reset so choosing the same (fixed) file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setProblem('The file is over 1 MB: import it in parts.');
      return;
    }
    setProblem(null);
    setResult(null);
    setFileName(chosen.name);
    setCsv(await chosen.text());
  }

  function downloadTemplate() {
    const url = URL.createObjectURL(new Blob([templateCsv(columns, example)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${what.replaceAll(' ', '-')}-template.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  }

  const failed = result ? result.rows.filter((r) => !r.ok).length : 0;
  return (
    <Dialog
      open={open}
      onClose={() => !upload.isPending && close()}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (csv.trim() === '') setProblem('Choose a CSV file or paste its text.');
          else upload.mutate(csv);
        }}
      >
        <DialogTitle id={titleId}>Import {what} from CSV</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Every row is checked first. Nothing is saved unless every row is right: fix the rows marked below
            and import the whole file again.
          </DialogContentText>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Columns: {columns.map((c) => (required.includes(c) ? `${c} (required)` : c)).join(', ')}.{' '}
            <Link component="button" type="button" onClick={downloadTemplate}>
              Download the template
            </Link>
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button variant="outlined" disabled={upload.isPending} onClick={() => inputRef.current?.click()}>
              Choose CSV file
            </Button>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label="CSV file"
              onChange={(event) => void onFileChosen(event)}
            />
            <Typography>{fileName ?? 'No file chosen: paste the text below instead.'}</Typography>
          </Stack>
          <TextField
            id="csv-import-text"
            label="CSV text"
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            value={csv}
            onChange={(event) => {
              setCsv(event.target.value);
              setFileName(null);
              setResult(null);
            }}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
          {result ? (
            <Box sx={{ mt: 2 }}>
              {result.imported > 0 ? (
                <Alert severity="success">
                  All {result.rows.length} rows are right: {result.imported} {what} imported.
                </Alert>
              ) : (
                <Alert severity="warning">
                  Nothing was saved: {failed} of {result.rows.length} rows have problems.
                </Alert>
              )}
              <TableContainer sx={{ mt: 1, maxHeight: 320 }}>
                <Table size="small" stickyHeader aria-label="Rows of the file">
                  <TableHead>
                    <TableRow>
                      <TableCell>Line</TableCell>
                      <TableCell>Result</TableCell>
                      <TableCell>Problems</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.rows.map((row) => (
                      <TableRow key={row.line}>
                        <TableCell>{row.line}</TableCell>
                        <TableCell>
                          <Typography
                            component="span"
                            color={row.ok ? 'success.dark' : 'error'}
                            sx={{ fontWeight: 600 }}
                          >
                            {row.ok ? 'OK' : 'Error'}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          {Object.entries(row.errors).map(([column, messages]) => (
                            <div key={column}>
                              <strong>{column}</strong>: {messages.join(' ')}
                            </div>
                          ))}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={upload.isPending}>
            {result?.imported ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" loading={upload.isPending} disabled={csv.trim() === ''}>
            Import
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

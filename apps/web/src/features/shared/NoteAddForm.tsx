import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from './api-errors.ts';

export const NOTE_MAX_LENGTH = 5000;

export interface NoteAddFormProps {
  /** Sends the note (trimmed); the list's query is refreshed by `onAdded`. */
  add: (text: string) => Promise<unknown>;
  onAdded: () => Promise<unknown>;
}

/**
 * Adds a staff note (a bill's or a commitment's): Add note stays disabled while the note is blank, so
 * nothing empty is sent; a failure shows under the field and keeps the text.
 */
export function NoteAddForm({ add, onAdded }: NoteAddFormProps) {
  const toast = useToast();
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: add,
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      setBody('');
      toast.success('Note added.');
      await onAdded();
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });
  const blank = body.trim() === '';
  return (
    <Box
      component="form"
      noValidate
      sx={{ mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) mutation.mutate(body.trim());
      }}
    >
      <TextField
        id={`${id}-note`}
        label="New note"
        multiline
        minRows={2}
        fullWidth
        value={body}
        onChange={(event) => setBody(event.target.value)}
        disabled={mutation.isPending}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
      />
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="outlined" disabled={blank} loading={mutation.isPending}>
          Add note
        </Button>
      </Box>
    </Box>
  );
}

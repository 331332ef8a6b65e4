import type { BillNote } from '@bp/contracts';
import { formatDate, formatRelativeTime } from '@bp/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { personName } from './format.ts';

/**
 * Staff's working notes as a list (bill notes, commitment notes: the same shape): who wrote each, how long
 * ago (the date on hover), and its text as written, line breaks kept.
 */
export function NoteList({ notes, now }: { notes: readonly BillNote[]; now: number }) {
  return (
    <Box component="ul" aria-label="Notes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {notes.map((note) => (
        <Box component="li" key={note.guid} sx={{ mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {personName(note.user)} ·{' '}
            <time dateTime={note.created_on} title={formatDate(note.created_on)}>
              {formatRelativeTime(note.created_on, now)}
            </time>
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography>
        </Box>
      ))}
    </Box>
  );
}

import type { WorkflowTask } from '@bp/contracts';
import { TASK_STATUS_LABELS, TASK_STATUS_VALUES, type TaskStatus } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useStaffChoices } from '../workflow/workflow-api.ts';
import { useAddComment, useChangeTask, useTaskComments } from './tasks-api.ts';

const NOBODY = 'nobody';

/**
 * Changes a workflow task's status, assignee, backup and due date in one dialog. Only what changed is
 * sent; the API refuses a bill step's task (it follows its bill), which the list never offers.
 */
export function EditTaskDialog({
  orgGuid,
  task,
  onClose,
}: {
  orgGuid: string;
  task: WorkflowTask;
  onClose: () => void;
}) {
  const toast = useToast();
  const staff = useStaffChoices(orgGuid);
  const change = useChangeTask(orgGuid);
  const [status, setStatus] = useState<TaskStatus>(task.status);
  const [assignee, setAssignee] = useState(task.assignee?.guid ?? NOBODY);
  const [backup, setBackup] = useState(task.backup?.guid ?? NOBODY);
  const [due, setDue] = useState(task.due_date ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [dueError, setDueError] = useState<string | null>(null);
  const people = staff.data?.results ?? [];
  const ids = `task-${task.guid}`;

  return (
    <FormDialog
      open
      pending={change.isPending}
      problem={problem}
      onClose={onClose}
      titleId={`${ids}-edit-title`}
      title="Change task"
      description={task.title}
      confirmLabel="Save"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        setDueError(null);
        if (due !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(due)) {
          setDueError('Enter a date as YYYY-MM-DD.');
          return;
        }
        if (assignee !== NOBODY && assignee === backup) {
          setProblem('The backup must be someone other than the assignee.');
          return;
        }
        const body: Record<string, string | null> = {};
        if (status !== task.status) body.status = status;
        if (assignee !== (task.assignee?.guid ?? NOBODY))
          body.assignee = assignee === NOBODY ? null : assignee;
        if (backup !== (task.backup?.guid ?? NOBODY)) body.backup = backup === NOBODY ? null : backup;
        if (due !== (task.due_date ?? '')) body.due_date = due === '' ? null : due;
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        change.mutate(
          { taskGuid: task.guid, body },
          {
            onSuccess: () => {
              toast.success('Task saved.');
              onClose();
            },
            onError: (error) => setProblem(apiErrorMessage(error)),
          },
        );
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        <TextField
          id={`${ids}-status`}
          select
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as TaskStatus)}
        >
          {TASK_STATUS_VALUES.map((s) => (
            <MenuItem key={s} value={s}>
              {TASK_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`${ids}-assignee`}
          select
          label="Assignee"
          value={people.length === 0 && assignee !== NOBODY ? NOBODY : assignee}
          onChange={(e) => setAssignee(e.target.value)}
        >
          <MenuItem value={NOBODY}>Nobody</MenuItem>
          {people.map((p) => (
            <MenuItem key={p.guid} value={p.guid}>
              {p.first_name} {p.last_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`${ids}-backup`}
          select
          label="Backup"
          value={people.length === 0 && backup !== NOBODY ? NOBODY : backup}
          onChange={(e) => setBackup(e.target.value)}
        >
          <MenuItem value={NOBODY}>Nobody</MenuItem>
          {people.map((p) => (
            <MenuItem key={p.guid} value={p.guid}>
              {p.first_name} {p.last_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`${ids}-due`}
          type="date"
          label="Due date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          error={dueError !== null}
          helperText={dueError ?? 'Leave empty for no due date.'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </FormDialog>
  );
}

/** A task's comments, oldest first, and a box to add one. */
export function CommentsDialog({
  orgGuid,
  task,
  onClose,
}: {
  orgGuid: string;
  task: WorkflowTask;
  onClose: () => void;
}) {
  const comments = useTaskComments(orgGuid, task.guid);
  const add = useAddComment(orgGuid, task.guid);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = `task-${task.guid}-comments-title`;
  const rows = comments.data?.results ?? [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          if (body.trim() === '') {
            setError('Write a comment first.');
            return;
          }
          add.mutate(body.trim(), {
            onSuccess: () => setBody(''),
            onError: (e) => setError(apiErrorMessage(e)),
          });
        }}
      >
        <DialogTitle id={titleId}>Comments</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {task.title}
          </Typography>
          {comments.isPending ? (
            <Typography>Loading comments…</Typography>
          ) : comments.isError ? (
            <Typography color="error">{apiErrorMessage(comments.error)}</Typography>
          ) : rows.length === 0 ? (
            <Typography>No comments yet.</Typography>
          ) : (
            <List aria-label="Comments" dense>
              {rows.map((c) => (
                <ListItem key={c.guid} disableGutters>
                  <ListItemText
                    primary={c.body}
                    secondary={`${c.user ? `${c.user.first_name} ${c.user.last_name}` : 'Someone'}, ${new Date(c.created_on).toLocaleString()}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <TextField
            id={`task-${task.guid}-comment`}
            fullWidth
            multiline
            minRows={2}
            label="New comment"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            Add comment
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import type { UserProfile } from '@bp/contracts';
import { usersRoutes } from '@bp/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { initials } from '../shared/format.ts';
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file.ts';
import { useAvatarUrl } from './useAvatarUrl.ts';

export function AvatarSection({ profile }: { profile: UserProfile }) {
  const session = useSession();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const avatarUrl = useAvatarUrl(profile.guid, profile.avatar);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const formData = new FormData();
      formData.append('avatar', file);
      await session.api.call(usersRoutes.putAuthUserUploadAvatar, {
        params: { guid: profile.guid },
        body: formData,
      });
      await session.refreshProfile();
    },
    onMutate: () => setProblem(null),
    onSuccess: () => toast.success('Profile photo updated.'),
    onError: (error) => setProblem(apiErrorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: async () => {
      await session.api.call(usersRoutes.postAuthUserRemoveAvatar, { params: { guid: profile.guid } });
      await session.refreshProfile();
    },
    onMutate: () => setProblem(null),
    onSuccess: () => toast.success('Profile photo removed.'),
    onError: (error) => setProblem(apiErrorMessage(error)),
    onSettled: () => setConfirmOpen(false),
  });

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const reason = avatarFileProblem(file);
    if (reason) {
      setProblem(reason);
      return;
    }
    upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar
          src={avatarUrl ?? undefined}
          alt={avatarUrl ? `Profile photo of ${fullName}` : undefined}
          sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main' }}
        >
          {initials(fullName || profile.email)}
        </Avatar>
        <Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<PhotoCameraIcon />}
              loading={upload.isPending}
              disabled={busy}
              onClick={() => inputRef.current?.click()}
            >
              Upload photo
            </Button>
            {profile.avatar ? (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                disabled={busy}
                onClick={() => setConfirmOpen(true)}
              >
                Remove photo
              </Button>
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            JPEG, PNG or GIF, up to 2 MB.
          </Typography>
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_ACCEPT}
            hidden
            aria-label="Profile photo file"
            onChange={onFileChosen}
          />
        </Box>
      </Stack>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title="Remove profile photo?"
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmOpen(false)}
      >
        Your initials will be shown instead. You can upload a new photo at any time.
      </ConfirmDialog>
    </Box>
  );
}

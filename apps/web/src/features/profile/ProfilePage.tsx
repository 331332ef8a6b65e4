import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../session/session-context.ts';
import { LoadingState, PageTitle } from '../../ui/index.ts';
import { AvatarSection } from './AvatarSection.tsx';
import { ProfileNameForm } from './ProfileNameForm.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { TwoFactorSection } from './two-factor/TwoFactorSection.tsx';

export function ProfilePage() {
  const { profile } = useSession();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle>Profile</PageTitle>
      {profile ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Photo
          </Typography>
          <AvatarSection profile={profile} />
          <Divider sx={{ my: 3 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Personal details
          </Typography>
          {/* Remount when the saved names change so the form starts from what the server holds. */}
          <ProfileNameForm key={`${profile.first_name}\u0000${profile.last_name}`} profile={profile} />
          <Divider sx={{ my: 3 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Two-factor authentication
          </Typography>
          <TwoFactorSection />
          <Divider sx={{ my: 3 }} />
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Sessions
          </Typography>
          <SessionsSection />
        </Paper>
      ) : (
        <LoadingState label="Loading your profile…" />
      )}
    </Box>
  );
}

export { ProfilePage } from './ProfilePage.tsx';
export { TwoFactorSetupDialog } from './two-factor/TwoFactorSetupDialog.tsx';
export { MFA_REQUIRED_WARNING, TWO_FACTOR_MODAL } from './two-factor/two-factor-api.ts';
export { useAvatarUrl } from './useAvatarUrl.ts';

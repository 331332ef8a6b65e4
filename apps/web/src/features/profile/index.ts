export { ProfilePage } from './ProfilePage.tsx';
export { useAvatarUrl } from './useAvatarUrl.ts';

/** Messages other screens hand to /login through router state (lost on reload, which is intended). */
export interface LoginNoticeState {
  notice: string;
}

export function loginNoticeState(notice: string): LoginNoticeState {
  return { notice };
}

export function readLoginNotice(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const notice = (state as { notice?: unknown }).notice;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}

/** SPEC.md §4: the session layer sends users without any client to /login?error=no_client. */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  no_client: 'No client is linked to your account. Contact your provider team.',
};

export const ACCOUNT_CREATED_NOTICE = 'Your account is ready. Sign in with your e-mail and new password.';
export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';

/** The session can no longer be used: the user has to sign in again. */
export class SessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionError';
  }
}

export const INVALID_REFRESH_TOKEN = 'Invalid refresh token';
export const REFRESH_TOKEN_EXPIRED = 'Token is invalid or expired';

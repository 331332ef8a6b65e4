import type { AccessClaims } from '@bp/contracts';

/**
 * Reads a JWT's payload without verifying it: the server verifies, the client only needs `exp`
 * (to refresh early) and the claims that drive redirects.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The access-token claims (DESIGN.md §4), or null when the token is not a readable JWT.
 * Lenient on purpose: a claim the server leaves out gets its neutral value instead of signing the user out.
 */
export function decodeClaims(access: string | null | undefined): AccessClaims | null {
  if (!access) return null;
  const payload = decodeJwtPayload(access);
  if (!payload || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
  const staff = payload.staff === 'admin' || payload.staff === 'member' ? payload.staff : null;
  const maskedBy = typeof payload.masked_by === 'string' && payload.masked_by ? payload.masked_by : null;
  return {
    sub: payload.sub,
    exp: payload.exp,
    staff,
    type: payload.type === 'bporg' ? 'bporg' : 'client',
    password_expired: payload.password_expired === true,
    masked_by: maskedBy,
  };
}

/** Seconds-since-epoch `exp` of any JWT, or null when it has none. */
export function tokenExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** True when the token is unreadable, has no `exp`, or expires within `marginMs` of `nowMs`. */
export function isTokenExpiring(token: string, nowMs: number, marginMs: number): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 - nowMs <= marginMs;
}

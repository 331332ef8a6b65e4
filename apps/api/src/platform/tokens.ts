import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from './errors.ts';

export const ACCESS_TTL_SECONDS = 5 * 60;
export const REFRESH_TTL_SECONDS = 24 * 60 * 60;
const ISSUER = 'billpay';
/** How many verified access tokens are remembered (a few MB at most; see createTokenService). */
const VERIFIED_ACCESS_TOKENS = 10_000;

export interface SessionClaims {
  sub: string;
  staff: 'admin' | 'member' | null;
  type: 'bporg' | 'client';
  password_expired: boolean;
  /** Guid of the internal staff member behind a mask session. */
  masked_by: string | null;
  /**
   * Two-factor is required (by an organisation or the user's flag) and not set up: the guard lets only
   * auth and two-factor calls through until it is (decision 012). Never set while masked.
   */
  mfa_setup_required?: boolean;
  /** The user's session generation when the session began (decision 016): a raised one ends the session. */
  gen: number;
}

/** Claims every token carries beyond the session's: which session it belongs to. */
interface TokenClaims extends SessionClaims {
  /** Session id: the same across refreshes, new at sign-in and masking; revoking it ends the session. */
  sid: string;
  exp: number;
}

export interface AccessPayload extends TokenClaims {
  token_type: 'access';
}

export interface RefreshPayload extends TokenClaims {
  jti: string;
  token_type: 'refresh';
}

export interface TokenService {
  /** A new session's tokens, or the next pair of session `sid` (refresh, renewed claims). */
  issuePair(claims: SessionClaims, sid?: string): Promise<{ access: string; refresh: string; sid: string }>;
  verifyAccess(token: string): Promise<AccessPayload>;
  verifyRefresh(token: string): Promise<RefreshPayload>;
}

/** HS256 tokens: access 5 minutes, refresh 1 day, each refresh with its own id for the blacklist. */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify, which
  // was a fixed cost of every authenticated request (issue 12).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const sign = (
    claims: SessionClaims & { sid: string },
    type: 'access' | 'refresh',
    ttl: number,
    jti?: string,
  ) => {
    const iat = Math.floor(now() / 1000);
    const jwt = new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl);
    if (jti) jwt.setJti(jti);
    return key.then((k) => jwt.sign(k));
  };
  /*
   * Access tokens already verified, by their exact text, until they expire: a browser sends the same token
   * with every call for its five minutes, and checking its signature again each time was a fixed cost of
   * every request (issue 12 item 2). Only the signature and claims are remembered: the guard still reads
   * the session on every request, so a signed-out or revoked session is refused at once (decision 038).
   * Only tokens that passed verification get in, so an attacker cannot fill it with anything that works;
   * it holds at most VERIFIED_ACCESS_TOKENS entries.
   */
  const verified = new Map<string, AccessPayload>();
  const verify = async (token: string, type: 'access' | 'refresh') => {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(now()),
        // A token signed with the real key but without an expiry or a session is never accepted.
        requiredClaims: ['exp', 'sub', 'sid', 'gen'],
      });
      if (payload.token_type !== type) throw unauthorized();
      if (typeof payload.sid !== 'string' || !Number.isInteger(payload.gen)) throw unauthorized();
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('Token is invalid or expired');
      throw unauthorized();
    }
  };
  return {
    async issuePair(claims, sid = randomUUID()) {
      const session = { ...claims, sid };
      return {
        access: await sign(session, 'access', ACCESS_TTL_SECONDS),
        refresh: await sign(session, 'refresh', REFRESH_TTL_SECONDS, randomUUID()),
        sid,
      };
    },
    async verifyAccess(token) {
      const known = verified.get(token);
      if (known) {
        // Same rule as jose's: a token is expired from its `exp` second on.
        if (known.exp > Math.floor(now() / 1000)) return known;
        verified.delete(token);
        throw unauthorized('Token is invalid or expired');
      }
      const payload = Object.freeze((await verify(token, 'access')) as unknown as AccessPayload);
      if (verified.size >= VERIFIED_ACCESS_TOKENS) {
        // The oldest entry first (a Map iterates in insertion order).
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, payload);
      return payload;
    },
    async verifyRefresh(token) {
      const payload = await verify(token, 'refresh');
      if (typeof payload.jti !== 'string') throw unauthorized();
      return payload as unknown as RefreshPayload;
    },
  };
}

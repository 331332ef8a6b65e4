import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Query, RawDb, Row } from './raw-db.ts';
import { CLIENT_LIST_COLUMNS, clientListSql, SQL } from './sql.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The token's claims, read without checking the signature: the baseline has no guard. */
function claimsOf(token: string | undefined): { sub: string; exp: number; jti: string } | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { sub, exp, jti } = claims;
    return typeof sub === 'string' && typeof exp === 'number'
      ? { sub, exp, jti: typeof jti === 'string' ? jti : '' }
      : null;
  } catch {
    return null;
  }
}

const bearerToken = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
const int = (value: unknown) => Number(value);
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));

async function passwordExpired(query: Query, user: Row, now: Date): Promise<boolean> {
  if (user.type !== 'bporg') return false;
  const rows = await query(SQL.passwordExpiry, [user.id, true]);
  const days = rows.map((r) => int(r.password_expiry_days)).filter((d) => d > 0);
  if (days.length === 0) return false;
  const setAt = date(user.password_set_at ?? user.created_at);
  return now.getTime() - setAt.getTime() > Math.min(...days) * DAY_MS;
}

function link(request: FastifyRequest, page: number, pageSize: number) {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page));
  url.searchParams.set('page_size', String(pageSize));
  return `${url.pathname}${url.search}`;
}

const unauthorized = (reply: FastifyReply) =>
  reply.status(401).send({ detail: 'Authentication credentials were not provided.' });

/**
 * A bare Fastify (no guard, no zod, no helmet, no Drizzle) answering the measured paths with the same
 * statements and the same response bodies as the app. What the app costs beyond it is its own overhead.
 */
export function buildBaseline(raw: RawDb, now: () => Date = () => new Date()): FastifyInstance {
  const app = Fastify({ logger: false });

  app.get<{ Params: { guid: string } }>('/v1/auth/users/:guid', async (request, reply) => {
    const claims = claimsOf(bearerToken(request));
    if (!claims || request.params.guid !== 'me') return unauthorized(reply);
    const [caller] = await raw.query(SQL.guardUser, [claims.sub, true]);
    if (!caller) return unauthorized(reply);
    const [user] = await raw.query(SQL.activeUser, [claims.sub, true]);
    if (!user) return reply.status(404).send({ detail: 'Not found.' });
    const features = await raw.query(SQL.features, [user.id]);
    const requiring = await raw.query(SQL.mfaOrganization, [user.id, true, 1]);
    const guid = String(user.guid);
    return {
      guid,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      avatar: user.avatar_key ? `/v1/auth/users/${guid}/avatar` : null,
      type: user.type,
      staff: user.staff ?? null,
      service: user.service ?? null,
      advisor_dashboard_enabled: user.advisor_dashboard_enabled,
      foa_dashboard_enabled: user.foa_dashboard_enabled,
      mfa_required: user.mfa_required === true || requiring.length > 0,
      mfa_enabled: user.mfa_enabled,
      accepted_terms: user.accepted_terms_at !== null,
      password_expired: await passwordExpired(raw.query, user, now()),
      features: features.map((f) => ({ feature_name: f.feature_name })),
    };
  });

  app.get<{
    Params: { orgGuid: string };
    Querystring: { page?: string; page_size?: string; search?: string };
  }>('/v1/accounts/organizations/:orgGuid/clients', async (request, reply) => {
    const claims = claimsOf(bearerToken(request));
    if (!claims) return unauthorized(reply);
    const [caller] = await raw.query(SQL.guardUser, [claims.sub, true]);
    if (!caller) return unauthorized(reply);
    // Two "id" columns (organisation, membership): read as arrays, as Drizzle does.
    const [scope] = await raw.arrays(SQL.organizationScope, [request.params.orgGuid, caller.id, true]);
    if (!scope) return reply.status(404).send({ detail: 'Not found.' });
    const [organizationId, , , membershipId] = scope;
    await raw.query(SQL.groupPermissions, [membershipId]);
    const page = Math.max(1, int(request.query.page ?? 1) || 1);
    const pageSize = Math.min(100, Math.max(1, int(request.query.page_size ?? 10) || 10));
    const sql = clientListSql(
      int(organizationId),
      { limit: pageSize, offset: (page - 1) * pageSize },
      request.query.search,
    );
    // Two "guid"s and two "name"s (client, referrer): read as arrays, as Drizzle does.
    const rows = (await raw.arrays(sql.page.text, sql.page.params)).map((values) =>
      Object.fromEntries(CLIENT_LIST_COLUMNS.map((name, i) => [name, values[i]])),
    );
    const [total] = await raw.query(sql.count.text, sql.count.params);
    const count = int(total?.count ?? 0);
    const lastPage = Math.max(1, Math.ceil(count / pageSize));
    return {
      count,
      next: page < lastPage ? link(request, page + 1, pageSize) : null,
      previous: page > 1 ? link(request, Math.min(page - 1, lastPage), pageSize) : null,
      results: rows.map((c) => ({
        guid: c.guid,
        name: c.name,
        created_on: date(c.created_at).toISOString(),
        service: c.service,
        primary_contact: str(c.primary_contact),
        is_onboarding_completed: c.is_onboarding_completed,
        has_properties: c.has_properties,
        bp_ff_amount: int(c.bp_ff_amount),
        foa_ff_amount: int(c.foa_ff_amount),
        total_ff_amount: int(c.bp_ff_amount) + int(c.foa_ff_amount),
        client_referrer: c.referrer_guid ? { guid: c.referrer_guid, name: c.referrer_name } : null,
        onboarding_invited_at: c.onboarding_invited_at ? date(c.onboarding_invited_at).toISOString() : null,
        archived: c.archived_at !== null,
        archived_on: c.archived_at ? date(c.archived_at).toISOString() : null,
      })),
    };
  });

  app.post<{ Body: { refresh?: string } }>('/v1/auth/token/refresh', async (request, reply) => {
    const token = request.body?.refresh;
    const claims = claimsOf(token);
    if (!token || !claims) return unauthorized(reply);
    const user = await raw.transaction(async (query) => {
      const [found] = await query(SQL.activeUser, [claims.sub, true]);
      if (!found) return null;
      // A new id each time: the baseline hands the same token back, and the insert must really happen.
      await query(SQL.blacklistRefresh, [randomUUID(), found.id, new Date(claims.exp * 1000)]);
      return found;
    });
    if (!user) return unauthorized(reply);
    await passwordExpired(raw.query, user, now());
    // No signing: the token goes back as it came, so the client's chain of refreshes goes on.
    return { access: token, refresh: token };
  });

  return app;
}

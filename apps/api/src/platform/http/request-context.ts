import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../access.ts';
import type { AuditActor } from '../audit/audit.ts';
import type { ServiceContext } from '../context.ts';
import { ValidationError } from '../domain-errors.ts';
import { IDEMPOTENCY_HEADER, type IdempotentRequest } from '../idempotency/idempotency.ts';
import { calendarDayIn, zoneOrNull } from '../time-zone.ts';

/**
 * The edge's half of issue 11, item 2: everything a service needs from a request is read here, once, into
 * a plain `ServiceContext`; services never import Fastify.
 */

const MAX_KEY_LENGTH = 255;

/** Who did it, as whom, from where. */
export function actorOf(request: FastifyRequest): AuditActor {
  return {
    actorUserId: request.auth?.user.id ?? null,
    maskedByUserId: request.auth?.maskedBy?.id ?? null,
    requestId: request.id,
    ipAddress: request.ip,
  };
}

/** "Today" for statuses and forecasts: the caller's calendar day (X-Timezone; UTC when absent). */
export function todayOf(request: FastifyRequest, now: Date): string {
  return calendarDayIn(now, zoneOrNull(request.headers['x-timezone']));
}

/** The request's Idempotency-Key, or null; a key that is empty or too long is a 400. */
export function idempotencyOf(request: FastifyRequest, userId: number): IdempotentRequest {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && (key.trim().length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new ValidationError({
      'Idempotency-Key': [`Send a key of 1 to ${MAX_KEY_LENGTH} characters.`],
    });
  }
  return {
    userId,
    key: key ?? null,
    method: request.method,
    path: request.url,
    body: request.body ?? null,
  };
}

/**
 * The plain context of a signed-in caller's request, with the scope the access guard resolved
 * (`requireClient(request)`, `requireOrganization(request)`, or null).
 */
export function contextOf<Scope = null>(
  request: FastifyRequest,
  now: Date,
  scope: Scope = null as Scope,
): ServiceContext<Scope> {
  const userId = requireAuth(request).user.id;
  return {
    userId,
    actor: actorOf(request),
    scope,
    now,
    today: todayOf(request, now),
    idempotency: idempotencyOf(request, userId),
  };
}

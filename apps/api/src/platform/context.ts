import type { AuditActor } from './audit/audit.ts';
import type { IdempotentRequest } from './idempotency/idempotency.ts';

/**
 * What a service knows of the call it serves, and nothing of HTTP (issue 11, item 2): who is asking, on
 * what, at which moment. The edge builds it once per request (platform/http/request-context.ts); a job or
 * a test builds it directly.
 */
export interface ServiceContext<Scope = null> {
  /** The signed-in user asking. */
  userId: number;
  /** Who to name in the audit trail (the user, a masking staff member, the request and its address). */
  actor: AuditActor;
  /** What the access guard resolved the call to: a client, an organisation, or nothing. */
  scope: Scope;
  /** One instant for the whole call, so every row it writes carries the same time. */
  now: Date;
  /** The caller's calendar day (their time zone; UTC when they gave none), for due dates and statuses. */
  today: string;
  /** The call's Idempotency-Key with what it must match on a replay; its key is null when none was sent. */
  idempotency: IdempotentRequest;
}

import type { FastifyRequest } from 'fastify';
import { zoneOrNull } from '../audit/time-zone.ts';
import { calendarDayIn } from '../bill-workflow/today.ts';

/** "Today" for statuses and forecasts: the caller's calendar day (X-Timezone; UTC when absent). */
export function todayOf(req: FastifyRequest, now: () => Date): string {
  return calendarDayIn(now(), zoneOrNull(req.headers['x-timezone']));
}

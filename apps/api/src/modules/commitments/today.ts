import type { FastifyRequest } from 'fastify';
import { calendarDayIn, zoneOrNull } from '../../platform/time-zone.ts';

/** "Today" for statuses and forecasts: the caller's calendar day (X-Timezone; UTC when absent). */
export function todayOf(req: FastifyRequest, now: () => Date): string {
  return calendarDayIn(now(), zoneOrNull(req.headers['x-timezone']));
}

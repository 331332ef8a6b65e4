import type { EventLog } from '@bp/contracts';
import { humanize, parseUsDate, toIsoDate } from '@bp/domain';
import { format } from 'date-fns';

/** 'group_user_added' → 'Group user added': actions and object types read as plain words. */
export function sentenceOf(slug: string): string {
  const words = humanize(slug);
  return words.charAt(0) + words.slice(1).replace(/\b[A-Z][a-z]+\b/g, (word) => word.toLowerCase());
}

/** Object types the audit history filters by (what the API records; others still show by name). */
export const OBJECT_TYPES = [
  'organization',
  'user',
  'group',
  'client',
  'client_assignment',
  'client_user',
  'client_referrer',
  'entity',
  'division',
  'account',
  'payment_term',
  'vendor',
  'customer',
  'institution',
  'bank_contact',
  'property',
  'contact',
  'document',
  'parent_institution',
] as const;

/** 'MM/dd/yyyy' and 'h:mm a' of an instant, in the browser's zone. */
export function whenOf(createdOn: string): { date: string; time: string } {
  const instant = new Date(createdOn);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  return { date: format(instant, 'MM/dd/yyyy'), time: format(instant, 'h:mm a') };
}

/** Who did it, and who was masked as whom: the actor is the account the change is recorded on. */
export function whoOf(log: Pick<EventLog, 'actor' | 'masked_by'>): { name: string; detail: string | null } {
  const name = log.actor?.name ?? 'System';
  return { name, detail: log.masked_by ? `masked by ${log.masked_by.name}` : null };
}

/** A before or after value as text: empty for nothing, lists joined, yes/no for flags. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => valueText(v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** 'field: before → after' for each changed field, in the order recorded. */
export function changeLines(changes: EventLog['changes']): string[] {
  return Object.entries(changes).map(
    ([field, change]) => `${field}: ${valueText(change.before)} → ${valueText(change.after)}`,
  );
}

/**
 * A date typed as MM/dd/yyyy, as the API's yyyy-MM-dd: undefined when blank, null when not a real date.
 */
export function isoOfTypedDate(text: string): string | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const date = parseUsDate(trimmed);
  return date ? toIsoDate(date) : null;
}

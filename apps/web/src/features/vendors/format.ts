import type { VendorEvent } from '@bp/contracts';
import { format } from 'date-fns';

/** 10 stored digits as (503) 555-0110; anything else as stored. */
export const formatPhone = (digits: string) =>
  /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

/** MM/dd/yyyy h:mm a (SPEC §9 date format, with the time a history line needs). */
export const formatWhen = (iso: string) => format(new Date(iso), 'MM/dd/yyyy h:mm a');

const str = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** One history line in words: what happened and its facts. */
export function describeEvent(e: VendorEvent): string {
  const d = e.details;
  switch (e.kind) {
    case 'created':
      return 'Created';
    case 'updated':
      return `Changed ${((d.fields as string[] | undefined) ?? []).join(', ')}`;
    case 'payment_details_changed': {
      const fields = (d.fields as string[] | undefined) ?? [];
      const before = (d.before ?? {}) as Record<string, unknown>;
      const after = (d.after ?? {}) as Record<string, unknown>;
      const changes = fields.map((f) => `${f}: ${str(before[f])} → ${str(after[f])}`).join('; ');
      return `Payment details changed (${changes}); payments held until a call-back verification`;
    }
    case 'bank_account_changed':
      return d.verification_required
        ? `Bank account replaced (routing ${str(d.routing_number)}, account ••${str(d.account_last4)}); payments held until a call-back verification`
        : `Bank account added (routing ${str(d.routing_number)}, account ••${str(d.account_last4)})`;
    case 'sanctions_screened': {
      const match = d.match as { name: string; score: number } | null;
      return match
        ? `Sanctions screening of "${str(d.name)}": resembles ${match.name} (${Math.round(match.score * 100)}%)`
        : `Sanctions screening of "${str(d.name)}": no match`;
    }
    case 'verification_recorded':
      return `Call-back to ${formatPhone(str(d.phone_number))}, spoke to ${str(d.called_person)}: ${d.outcome === 'verified' ? 'verified' : 'failed'}${d.notes ? ` (${String(d.notes)})` : ''}`;
    case 'merged': {
      const merged = d.merged as { name: string } | undefined;
      const survivor = d.survivor as { name: string } | undefined;
      return `${merged?.name ?? '?'} merged into ${survivor?.name ?? '?'} (${str(d.bills)} bills, ${str(d.commitments)} commitments moved)`;
    }
    case 'deactivated':
      return 'Deactivated';
    case 'reactivated':
      return 'Reactivated';
  }
}

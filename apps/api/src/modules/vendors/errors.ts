import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the vendors module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class VendorsError extends DomainError {}

export const { notFound, forbidden, conflict, refused } = refusalsOf(VendorsError);

/** The code of a payment refused because the payee's details wait for a call-back verification. */
export const VERIFICATION_REQUIRED = 'vendor_verification_required';

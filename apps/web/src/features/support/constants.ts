// SPEC.md leaves the support contact to configuration; these placeholders are the single place to change it.
export const SUPPORT_EMAIL = 'support@billpay.example';
export const SUPPORT_PHONE = '(800) 555-0199';

/** `tel:` link for a US number written for people, e.g. '(800) 555-0199' → 'tel:+18005550199'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

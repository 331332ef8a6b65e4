import { formatMoney } from '@bp/domain';

/** The product's name where no organisation is known (a password reset, say). */
export const PLATFORM_NAME = 'Bill-pay platform';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Only http(s) links become buttons; anything else (javascript:, data:) is dropped from the HTML. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

export interface EmailLayout {
  /** Shown in the header and the footer; the platform's name when absent. */
  organizationName?: string | undefined;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string } | undefined;
  /**
   * Set for notifications a user may turn off (the footer then says where); absent for messages that are
   * always sent (invitations, resets, codes).
   */
  preferencesUrl?: string | undefined;
}

/**
 * One e-mail as text and HTML from the same parts. Every value is escaped into the HTML; the layout is
 * inline-styled tables (what mail clients render) with no external assets.
 */
export function renderEmail(layout: EmailLayout): { text: string; html: string } {
  const brand = layout.organizationName?.trim() || PLATFORM_NAME;
  const footer = [
    layout.organizationName?.trim()
      ? `Sent by ${brand} through the ${PLATFORM_NAME}.`
      : `Sent by the ${PLATFORM_NAME}.`,
    layout.preferencesUrl
      ? 'You can choose which notifications you receive in your notification preferences.'
      : 'If you did not expect this e-mail, you can ignore it.',
  ];
  const text = [
    layout.greeting,
    '',
    ...layout.lines.flatMap((l) => [l, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    '--',
    ...footer,
    ...(layout.preferencesUrl ? [`Notification preferences: ${layout.preferencesUrl}`] : []),
  ].join('\n');

  const href = layout.action ? safeUrl(layout.action.url) : null;
  const button =
    layout.action && href
      ? `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1f4e79;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:4px;font-weight:600">${escapeHtml(layout.action.label)}</a></td></tr>
<tr><td style="padding:0 0 16px;font-size:12px;color:#555555">If the button does not work, copy this address into your browser:<br>${escapeHtml(layout.action.url)}</td></tr>`
      : '';
  const prefs = layout.preferencesUrl ? safeUrl(layout.preferencesUrl) : null;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brand)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e5e8;font-size:18px;font-weight:700;color:#1f4e79">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:24px 28px 8px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><td style="padding:0 0 16px;font-size:15px">${escapeHtml(layout.greeting)}</td></tr>
${layout.lines.map((l) => `<tr><td style="padding:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(l)}</td></tr>`).join('\n')}
${button}
</table></td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e3e5e8;font-size:12px;color:#6b6f76;line-height:1.5">${footer.map(escapeHtml).join('<br>')}${prefs ? `<br><a href="${escapeHtml(prefs)}" style="color:#6b6f76">Notification preferences</a>` : ''}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { text, html };
}

/** A bill waiting for the recipient's approval (notification type `client_approval`). */
export function billAwaitingApprovalMessage(options: {
  organizationName?: string | undefined;
  recipientName: string;
  clientName: string;
  vendorName: string;
  amountCents: number;
  dueDate?: string | null | undefined;
  isUrgent?: boolean | undefined;
  billUrl: string;
  preferencesUrl: string;
  /** Extra fields for the mobile app (e.g. the bill's guid) to open the right screen. */
  data?: Record<string, unknown> | undefined;
}) {
  const amount = formatMoney(options.amountCents);
  const urgent = options.isUrgent ? 'Urgent: ' : '';
  const subject = `${urgent}A bill of ${amount} to ${options.vendorName} awaits your approval`;
  const body = renderEmail({
    organizationName: options.organizationName,
    greeting: `Hello ${options.recipientName},`,
    lines: [
      `A bill for ${options.clientName} is waiting for your approval: ${options.vendorName}, ${amount}${options.dueDate ? `, due ${options.dueDate}` : ''}.`,
      'Review it and approve, reject or ask for changes.',
    ],
    action: { label: 'Review the bill', url: options.billUrl },
    preferencesUrl: options.preferencesUrl,
  });
  return {
    email: { subject, ...body },
    push: {
      title: `${urgent}Bill awaiting approval`,
      body: `${options.vendorName}, ${amount} (${options.clientName})`,
      data: { type: 'client_approval', url: options.billUrl, ...options.data },
    },
  };
}

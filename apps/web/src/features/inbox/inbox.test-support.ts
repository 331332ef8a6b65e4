import type { InboxEmail } from '@bp/contracts';
import { CLIENT_GUID, guidOf } from '../bills/shared/fixtures.test-support.ts';

export const EMAIL_GUID = guidOf(500);
export const PDF_GUID = guidOf(501);
export const PNG_GUID = guidOf(502);

/** A pre-bill e-mail of Harper Household with a PDF invoice and a photo. */
export function emailRow(overrides: Partial<InboxEmail> = {}): InboxEmail {
  return {
    guid: EMAIL_GUID,
    client: { guid: CLIENT_GUID, name: 'Harper Household' },
    entity: null,
    source: 'email',
    type: null,
    from_address: 'billing@citypower.test',
    from_name: 'City Power',
    subject: 'Your November bill',
    received_at: '2026-11-20T10:00:00Z',
    preview: 'Your bill is attached.',
    attachments: [
      {
        guid: PDF_GUID,
        file_name: 'invoice.pdf',
        mime_type: 'application/pdf',
        size: 2048,
        convertible: true,
      },
      { guid: PNG_GUID, file_name: 'photo.png', mime_type: 'image/png', size: 68, convertible: true },
    ],
    archived_at: null,
    bill: null,
    ...overrides,
  };
}

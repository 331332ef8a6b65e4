import { INBOX_EMAIL_TYPES, INBOX_UPLOAD_MAX_BYTES, INBOX_UPLOAD_MAX_FILES } from '@bp/contracts';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../../platform/errors.ts';
import { readMultipartUpload } from '../../../platform/http/multipart-upload.ts';
import type { InboxUpload } from '../email-service.ts';

const TOO_LARGE = 'Each file must be 25 MB or smaller.';
const HAND_SOURCES = ['mail_scan', 'client_upload'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The `file` parts (each at most 25 MB) and the `source`, `subject`, `entity`, `type` fields of an upload. */
export async function readInboxUpload(req: FastifyRequest): Promise<InboxUpload> {
  const { files, fields } = await readMultipartUpload(req, {
    maxBytes: INBOX_UPLOAD_MAX_BYTES,
    tooLarge: TOO_LARGE,
    maxFiles: INBOX_UPLOAD_MAX_FILES,
    maxFields: 10,
  });
  const { source, type, subject, entity } = fields;
  if (source !== undefined && !oneOf(HAND_SOURCES, source))
    throw invalid('source', 'Choose mail_scan or client_upload.');
  if (type !== undefined && !oneOf(INBOX_EMAIL_TYPES, type))
    throw invalid('type', 'Choose recurring or client_approval.');
  if (subject !== undefined && subject.length > 1000)
    throw invalid('subject', 'Ensure this field has no more than 1000 characters.');
  return {
    files,
    source: source ?? null,
    subject: subject ?? null,
    entityGuid: entity ?? null,
    type: type ?? null,
  };
}

import { INBOX_EMAIL_TYPES, INBOX_UPLOAD_MAX_BYTES, INBOX_UPLOAD_MAX_FILES } from '@bp/contracts';
import type { FastifyRequest } from 'fastify';
import { invalid, ValidationError } from '../../../platform/errors.ts';
import type { InboxUpload, UploadedFile } from '../email-service.ts';

const TOO_LARGE = 'Each file must be 25 MB or smaller.';
const HAND_SOURCES = ['mail_scan', 'client_upload'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The `file` parts (each at most 25 MB) and the `source`, `subject`, `entity`, `type` fields of an upload. */
export async function readInboxUpload(req: FastifyRequest): Promise<InboxUpload> {
  if (!req.isMultipart()) throw invalid('file', 'Send the files as multipart/form-data in the field "file".');
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = req.parts({
      limits: { fileSize: INBOX_UPLOAD_MAX_BYTES + 1, files: INBOX_UPLOAD_MAX_FILES, fields: 10 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw invalid('file', TOO_LARGE);
        files.push({ data, fileName: part.filename });
      } else if (typeof part.value === 'string' && part.value.trim() !== '') {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', TOO_LARGE);
    if (code === 'FST_FILES_LIMIT')
      throw invalid('file', `Send at most ${INBOX_UPLOAD_MAX_FILES} files at a time.`);
    if (error instanceof ValidationError) throw error;
    throw invalid('file', 'The upload could not be read.');
  }
  if (files.length === 0) throw invalid('file', 'This field is required.');
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

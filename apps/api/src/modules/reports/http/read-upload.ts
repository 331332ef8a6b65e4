import { REPORT_FILE_MAX_BYTES } from '@bp/contracts';
import type { FastifyRequest } from 'fastify';
import { invalid, ValidationError } from '../../../platform/errors.ts';
import { REPORT_FILE_TOO_LARGE } from '../files.ts';

/** The one `file` part (at most 25 MB) of a report file upload. */
export async function readReportUpload(req: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  if (!req.isMultipart()) throw invalid('file', 'Send the file as multipart/form-data in the field "file".');
  let file: { data: Buffer; fileName: string } | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: REPORT_FILE_MAX_BYTES + 1, files: 1, fields: 5 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw invalid('file', REPORT_FILE_TOO_LARGE);
      file = { data, fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', REPORT_FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'Send one file at a time.');
    if (error instanceof ValidationError) throw error;
    throw invalid('file', 'The upload could not be read.');
  }
  if (!file) throw invalid('file', 'This field is required.');
  return file;
}

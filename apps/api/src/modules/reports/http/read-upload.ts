import { REPORT_FILE_MAX_BYTES } from '@bp/contracts';
import type { FastifyRequest } from 'fastify';
import { readSingleFileUpload } from '../../../platform/http/multipart-upload.ts';
import { REPORT_FILE_TOO_LARGE } from '../files.ts';

/** The one `file` part (at most 25 MB) of a report file upload. */
export async function readReportUpload(req: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  const { data, fileName } = await readSingleFileUpload(req, {
    maxBytes: REPORT_FILE_MAX_BYTES,
    tooLarge: REPORT_FILE_TOO_LARGE,
  });
  return { data, fileName };
}

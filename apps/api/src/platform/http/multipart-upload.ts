import type { FastifyRequest } from 'fastify';
import { invalid, ValidationError } from '../errors.ts';

/** One uploaded file, read whole (uploads are checked by content before anything is stored). */
export interface UploadedFile {
  data: Buffer;
  fileName: string;
}

export interface MultipartUploadLimits {
  /** Largest file accepted, in bytes: one byte more and the upload is refused without reading further. */
  maxBytes: number;
  /** The message of a file over `maxBytes`. */
  tooLarge: string;
  /** How many `file` parts one request may carry (1 unless a route takes several). */
  maxFiles?: number;
  /** How many text fields one request may carry. */
  maxFields?: number;
}

/**
 * The `file` parts and the non-blank text fields of a multipart upload, for every route that takes
 * files (bill attachments, client documents, report files, inbox uploads). Parts under another name are
 * drained and ignored; an over-large file, too many files or a body that is not multipart answer a 400 on
 * `file` with the documented body, never a 500. At least one file is required.
 */
export async function readMultipartUpload(
  req: FastifyRequest,
  limits: MultipartUploadLimits,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const maxFiles = limits.maxFiles ?? 1;
  if (!req.isMultipart())
    throw invalid(
      'file',
      maxFiles === 1
        ? 'Send the file as multipart/form-data in the field "file".'
        : 'Send the files as multipart/form-data in the field "file".',
    );
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = req.parts({
      limits: { fileSize: limits.maxBytes + 1, files: maxFiles, fields: limits.maxFields ?? 5 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw invalid('file', limits.tooLarge);
        files.push({ data, fileName: part.filename });
      } else if (typeof part.value === 'string' && part.value.trim() !== '') {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', limits.tooLarge);
    if (code === 'FST_FILES_LIMIT')
      throw invalid(
        'file',
        maxFiles === 1 ? 'Send one file at a time.' : `Send at most ${maxFiles} files at a time.`,
      );
    if (error instanceof ValidationError) throw error;
    throw invalid('file', 'The upload could not be read.');
  }
  if (files.length === 0) throw invalid('file', 'This field is required.');
  return { files, fields };
}

/** The one `file` part of an upload (and its text fields), as routes that take a single file read it. */
export async function readSingleFileUpload(
  req: FastifyRequest,
  limits: Omit<MultipartUploadLimits, 'maxFiles'>,
): Promise<UploadedFile & { fields: Record<string, string> }> {
  const { files, fields } = await readMultipartUpload(req, { ...limits, maxFiles: 1 });
  return { ...(files[0] as UploadedFile), fields };
}

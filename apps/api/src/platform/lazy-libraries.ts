import type PDFDocument from 'pdfkit';

/**
 * Heavy libraries that only exports, reports, documents, uploads, payments and mail use, loaded on their
 * first use with a dynamic import (issue 12 items 4 and 5): an idle server never loads them, so it starts
 * smaller (decision 042: file-type and nach2, with its lodash, moment and async, ~4 MB of heap;
 * sanitize-html and fast-xml-parser, ~3.3 MB). The bundle
 * keeps packages external (apps/api/scripts/build.mjs), so each stays a real `import()` of node_modules.
 */
type Excel = typeof import('exceljs');
type PdfKit = typeof PDFDocument;
type FileType = typeof import('file-type');
type Nach = typeof import('nach2');
type SanitizeHtml = typeof import('sanitize-html');
type XmlLibrary = typeof import('fast-xml-parser');
type MailComposer = typeof import('nodemailer/lib/mail-composer/index.js').default;

/** `load`, run on the first call only: every later call gets the same promise (one import, one module). */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/** A CommonJS package's module.exports, which Node's `import()` hands over as the default. */
const commonJs = <T>(mod: unknown): T => ((mod as { default?: T }).default ?? mod) as T;

/** exceljs (XLSX files). */
export const loadExcel = loadedOnce(() => import('exceljs').then(commonJs<Excel>));

/** pdfkit (PDF reports and checks). */
export const loadPdfKit = loadedOnce(() => import('pdfkit').then(commonJs<PdfKit>));

/** file-type (what an upload's bytes are: photos, client records). ESM. */
export const loadFileType = loadedOnce((): Promise<FileType> => import('file-type'));

/** nach2 (NACHA files of ACH payments). */
export const loadNach = loadedOnce(() => import('nach2').then(commonJs<Nach>));

/** sanitize-html (HTML bill messages), with htmlparser2 and postcss. */
export const loadSanitizeHtml = loadedOnce(() => import('sanitize-html').then(commonJs<SanitizeHtml>));

/** fast-xml-parser (QuickBooks Desktop's qbXML and the Web Connector's SOAP). ESM. */
export const loadXml = loadedOnce((): Promise<XmlLibrary> => import('fast-xml-parser'));

/**
 * nodemailer's MailComposer (a Postmark inbound message put back together as MIME), with its MIME
 * types table and address parser; the SMTP receiver loads only nodemailer's small shared helpers.
 */
export const loadMailComposer = loadedOnce(() =>
  import('nodemailer/lib/mail-composer/index.js').then((mod): MailComposer => mod.default),
);

import type PDFDocument from 'pdfkit';

/**
 * Heavy libraries that only exports, reports, documents, uploads, payments and mail use, loaded on their
 * first use with a dynamic import (issue 12 items 4 and 5): an idle server never loads them, so it starts
 * smaller (decision 042: file-type and nach2, with its lodash, moment and async, ~4 MB of heap;
 * sanitize-html and fast-xml-parser, ~3.3 MB). The bundle
 * keeps packages external (apps/api/scripts/build.mjs), so each stays a real `import()` of node_modules.
 * Both are CommonJS packages: their module.exports arrives as the import's default.
 */
type Excel = typeof import('exceljs');
type PdfKit = typeof PDFDocument;
type FileType = typeof import('file-type');
type Nach = typeof import('nach2');
type SanitizeHtml = typeof import('sanitize-html');
type XmlLibrary = typeof import('fast-xml-parser');
type MailComposer = typeof import('nodemailer/lib/mail-composer/index.js').default;

let excel: Promise<Excel> | undefined;
let pdfkit: Promise<PdfKit> | undefined;
let fileType: Promise<FileType> | undefined;
let nach: Promise<Nach> | undefined;
let sanitizeHtml: Promise<SanitizeHtml> | undefined;
let xml: Promise<XmlLibrary> | undefined;
let mailComposer: Promise<MailComposer> | undefined;

/** exceljs (XLSX files). */
export function loadExcel(): Promise<Excel> {
  excel ??= import('exceljs').then((mod) => (mod as Excel & { default?: Excel }).default ?? mod);
  return excel;
}

/** pdfkit (PDF reports and checks). */
export function loadPdfKit(): Promise<PdfKit> {
  pdfkit ??= import('pdfkit').then((mod) => (mod as unknown as { default: PdfKit }).default);
  return pdfkit;
}

/** file-type (what an upload's bytes are: photos, client records). ESM. */
export function loadFileType(): Promise<FileType> {
  fileType ??= import('file-type');
  return fileType;
}

/** nach2 (NACHA files of ACH payments). CommonJS: its module.exports arrives as the default. */
export function loadNach(): Promise<Nach> {
  nach ??= import('nach2').then((mod) => (mod as Nach & { default?: Nach }).default ?? mod);
  return nach;
}

/** sanitize-html (HTML bill messages), with htmlparser2 and postcss. CommonJS: module.exports is the default. */
export function loadSanitizeHtml(): Promise<SanitizeHtml> {
  sanitizeHtml ??= import('sanitize-html').then(
    (mod) => (mod as unknown as { default: SanitizeHtml }).default,
  );
  return sanitizeHtml;
}

/** fast-xml-parser (QuickBooks Desktop's qbXML and the Web Connector's SOAP). */
export function loadXml(): Promise<XmlLibrary> {
  xml ??= import('fast-xml-parser');
  return xml;
}

/**
 * nodemailer's MailComposer (a Postmark inbound message put back together as MIME), with its MIME
 * types table and address parser; the SMTP receiver loads only nodemailer's small shared helpers.
 */
export function loadMailComposer(): Promise<MailComposer> {
  mailComposer ??= import('nodemailer/lib/mail-composer/index.js').then((mod) => mod.default);
  return mailComposer;
}

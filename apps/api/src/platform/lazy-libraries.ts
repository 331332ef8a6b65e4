import type PDFDocument from 'pdfkit';

/**
 * Heavy libraries that only exports, reports, documents, uploads, payments and mail use, loaded on their
 * first use with a dynamic import (issue 12 items 4 and 5): an idle server never loads them, so it starts
 * smaller (decision 042: file-type and nach2, with its lodash, moment and async, ~4 MB of heap). The bundle
 * keeps packages external (apps/api/scripts/build.mjs), so each stays a real `import()` of node_modules.
 * Both are CommonJS packages: their module.exports arrives as the import's default.
 */
type Excel = typeof import('exceljs');
type PdfKit = typeof PDFDocument;
type FileType = typeof import('file-type');
type Nach = typeof import('nach2');

let excel: Promise<Excel> | undefined;
let pdfkit: Promise<PdfKit> | undefined;
let fileType: Promise<FileType> | undefined;
let nach: Promise<Nach> | undefined;

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

import type PDFDocument from 'pdfkit';

/**
 * Heavy libraries that only exports, reports, documents and mail use, loaded on their first use with a
 * dynamic import (issue 12 item 5): an idle server never loads them, so it starts smaller. The bundle
 * keeps packages external (apps/api/scripts/build.mjs), so each stays a real `import()` of node_modules.
 * Both are CommonJS packages: their module.exports arrives as the import's default.
 */
type Excel = typeof import('exceljs');
type PdfKit = typeof PDFDocument;

let excel: Promise<Excel> | undefined;
let pdfkit: Promise<PdfKit> | undefined;

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

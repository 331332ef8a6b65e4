import { CsvError as CsvParseError, parse } from 'csv-parse/sync';

/**
 * Reads RFC 4180 CSV with csv-parse: fields separated by commas, records by CRLF, LF or a lone CR
 * (old Mac line ends), in one file mixed; a field in double quotes may hold commas, line breaks and
 * doubled quotes (`""` for `"`). Records may differ in length (the OFAC files do) and blank lines are
 * skipped.
 */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvParseError) {
      throw new CsvError(
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'A quoted field is not closed before the end of the file.'
          : `The file is not valid CSV: ${error.message}`,
      );
    }
    throw error;
  }
}

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

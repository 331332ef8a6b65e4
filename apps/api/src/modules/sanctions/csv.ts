/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF or LF, a field in double quotes
 * may hold commas, line breaks and doubled quotes (`""` for `"`). Enough for the OFAC files without a
 * CSV package. Blank lines are skipped; a lone CR (old Mac line ends) also ends a record.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** The current field began with a quote (text after its closing quote is kept as typed). */
  let inQuotes = false;
  let fieldStarted = false;

  const endField = () => {
    record.push(field);
    field = '';
    quoted = false;
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is one empty field: not a record.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        field += c;
      }
      continue;
    }
    if (c === '"' && !fieldStarted) {
      inQuotes = true;
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (inQuotes) throw new CsvError('A quoted field is not closed before the end of the file.');
  if (field !== '' || quoted || record.length > 0) endRecord();
  return records;
}

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SheetColumn, toCsv } from './spreadsheet.ts';

interface Row {
  name: string;
  cents: number;
}
const columns: SheetColumn<Row>[] = [
  { header: 'Name, full', width: 20, value: (r) => r.name },
  { header: 'Amount', width: 10, value: (r) => ({ cents: r.cents }) },
];

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF records, quoting what needs it and neutralising formulas', () => {
    const csv = toCsv(columns, [
      { name: 'Acme "Ltd"', cents: 123456 },
      { name: '=HYPERLINK("x")', cents: -500 },
      { name: 'two\nlines', cents: 0 },
    ]);
    expect(csv).toBe(
      '\ufeff"Name, full",Amount\r\n"Acme ""Ltd""",1234.56\r\n"\'=HYPERLINK(""x"")",-5.00\r\n"two\nlines",0.00\r\n',
    );
  });

  it('writes the header row when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('\ufeff"Name, full",Amount\r\n');
  });

  it('reads back as the same cells for any text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', 'é', '=') });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 5 }), (names) => {
        const csv = toCsv(
          columns,
          names.map((name) => ({ name, cents: 1 })),
        );
        const records = parse(csv.slice(1), { record_delimiter: '\r\n' }) as string[][];
        expect(records.slice(1).map((r) => r[0])).toEqual(
          names.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)),
        );
      }),
    );
  });
});

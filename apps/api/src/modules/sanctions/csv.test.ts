import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';
import { parseSdnCsv } from './sdn-file.ts';

/** Writes records the RFC 4180 way: every field quoted, quotes doubled. */
const toCsv = (records: string[][], eol: string) =>
  records.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')).join(eol) + eol;

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const text = 'a,"b, c","say ""hi""","two\r\nlines"\r\n1,,3,\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\r\nlines'],
      ['1', '', '3', ''],
    ]);
  });

  it('accepts a last record without a line break and skips blank lines', () => {
    expect(parseCsv('x,y\n\n\r\nz,w')).toEqual([
      ['x', 'y'],
      ['z', 'w'],
    ]);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('1,"open\n2,3\n')).toThrow(CsvError);
  });

  it('reads back whatever it is given, for any fields and line ending', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'é', '-') });
    const records = fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(records, fc.constantFrom('\n', '\r\n'), (rows, eol) => {
        expect(parseCsv(toCsv(rows, eol))).toEqual(rows);
      }),
    );
  });
});

describe('parseSdnCsv', () => {
  const row = (id: string, name: string, rest = '-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ') =>
    `${id},"${name}",${rest}`;

  it('reads ent_num, name, type, program and remarks, "-0- " as empty, and ignores control-Z', () => {
    const text = [
      row('10', 'PETROV, Ivan', 'individual,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."'),
      row('11', 'ACME TRADING CO., LTD.'),
      '\u001a',
    ].join('\r\n');
    expect(parseSdnCsv(text)).toEqual([
      { uid: '10', name: 'PETROV, Ivan', sdnType: 'individual', program: 'SDGT', remarks: 'DOB 1970.' },
      { uid: '11', name: 'ACME TRADING CO., LTD.', sdnType: null, program: 'SDGT', remarks: null },
    ]);
  });

  it('refuses a file with no rows, and one that is not an SDN file', () => {
    expect(() => parseSdnCsv('\u001a')).toThrow(/no sanctions entries/);
    expect(() => parseSdnCsv('')).toThrow(/no sanctions entries/);
    expect(() => parseSdnCsv('name,amount\nAcme,10\n')).toThrow(/Record 1: ent_num/);
    expect(() => parseSdnCsv(`${row('5', 'OK')}\n6,-0- ,-0- \n`)).toThrow(/Record 2: SDN_Name/);
  });

  it('keeps the last row of a repeated ent_num', () => {
    expect(parseSdnCsv(`${row('7', 'OLD NAME')}\n${row('7', 'NEW NAME')}\n`).map((e) => e.name)).toEqual([
      'NEW NAME',
    ]);
  });
});

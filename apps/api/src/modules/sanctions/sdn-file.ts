import { CsvError, parseCsv } from './csv.ts';

/** One row of the OFAC SDN list (sdn.csv), with the columns screening keeps. */
export interface SdnEntry {
  /** ent_num: OFAC's stable id of the entry. */
  uid: string;
  name: string;
  sdnType: string | null;
  program: string | null;
  remarks: string | null;
}

/** sdn.csv has no header; its columns, in order. */
export const SDN_COLUMNS = [
  'ent_num',
  'SDN_Name',
  'SDN_Type',
  'Program',
  'Title',
  'Call_Sign',
  'Vess_type',
  'Tonnage',
  'GRT',
  'Vess_flag',
  'Vess_owner',
  'Remarks',
] as const;

const CONTROL_Z = String.fromCharCode(0x1a);

/** OFAC writes "-0- " (with a trailing space) for an empty value. */
const EMPTY_MARK = '-0-';

function value(raw: string | undefined): string | null {
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' || trimmed === EMPTY_MARK ? null : trimmed;
}

/**
 * Reads an SDN CSV file into entries. Throws CsvError, naming the record, on anything that is not an
 * SDN row (a file of another format must not silently replace the list) and on a file with no rows.
 * A repeated ent_num keeps its last row.
 */
export function parseSdnCsv(text: string): SdnEntry[] {
  // The file ends with a DOS end-of-file mark (control-Z); a byte-order mark may lead it.
  const cleaned = text.replace(/^\uFEFF/, '').replaceAll(CONTROL_Z, '');
  const byUid = new Map<string, SdnEntry>();
  for (const [index, record] of parseCsv(cleaned).entries()) {
    const uid = value(record[0]);
    const name = value(record[1]);
    if (!uid || !/^\d+$/.test(uid)) {
      throw new CsvError(`Record ${index + 1}: ent_num must be a number, found "${record[0] ?? ''}".`);
    }
    if (!name) throw new CsvError(`Record ${index + 1}: SDN_Name is empty.`);
    byUid.set(uid, {
      uid,
      name,
      sdnType: value(record[2]),
      program: value(record[3]),
      remarks: value(record[11]),
    });
  }
  if (byUid.size === 0) throw new CsvError('The file holds no sanctions entries.');
  return [...byUid.values()];
}

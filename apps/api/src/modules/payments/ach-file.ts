/// <reference path="./nach2.d.ts" />
import { loadNach } from '../../platform/lazy-libraries.ts';

export interface AchOriginator {
  bankRoutingNumber: string;
  bankName: string;
  companyIdentification: string;
  companyName: string;
}

export interface AchCredit {
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  /** Cents. */
  amount: number;
  payee: string;
  /** Shown to the payee's bank (the invoice number, else the bill's id). */
  idNumber: string;
  traceNumber: string;
}

/** An ODFI's 15-digit trace number: its first 8 routing digits and a 7-digit sequence. */
export const traceNumberOf = (bankRoutingNumber: string, sequence: number) =>
  `${bankRoutingNumber.slice(0, 8)}${String(sequence).padStart(7, '0')}`;

/** NACHA leaves only upper-case letters, digits and a few marks in its alphanumeric fields. */
const clean = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase();

/**
 * One NACHA file (nach2) with one CCD batch of credits (service class 220: credits only) from the
 * organisation's account at its bank to the vendors' accounts: transaction code 22 for a checking
 * account, 32 for savings. The payee bank's name and ids are cleaned to the characters NACHA allows.
 */
export async function buildAchFile(
  originator: AchOriginator,
  credits: readonly AchCredit[],
  effectiveDate: string,
): Promise<string> {
  const { Batch, Entry, File } = await loadNach();
  const [year, month, day] = effectiveDate.split('-').map(Number);
  const file = new File({
    immediateDestination: originator.bankRoutingNumber,
    immediateOrigin: originator.companyIdentification,
    immediateDestinationName: clean(originator.bankName),
    immediateOriginName: clean(originator.companyName),
    referenceCode: 'BILLPAY',
    // Batches are numbered from 1 (nach2 starts at 0 otherwise).
    batchSequenceNumber: 1,
  });
  const batch = new Batch({
    serviceClassCode: '220',
    companyName: clean(originator.companyName),
    standardEntryClassCode: 'CCD',
    companyIdentification: originator.companyIdentification,
    companyEntryDescription: 'BILLPAY',
    companyDescriptiveDate: effectiveDate.slice(2).replaceAll('-', ''),
    // nach2 formats the date from its local fields: a local midnight of the calendar day.
    effectiveEntryDate: new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1),
    originatingDFI: originator.bankRoutingNumber.slice(0, 8),
  });
  for (const credit of credits) {
    batch.addEntry(
      new Entry({
        receivingDFI: credit.routingNumber,
        DFIAccount: credit.accountNumber,
        // nach2 takes dollars and writes cents; integer cents / 100 is exact to two decimals.
        amount: (credit.amount / 100).toFixed(2),
        idNumber: clean(credit.idNumber).slice(0, 15) || ' ',
        individualName: clean(credit.payee).slice(0, 22),
        transactionCode: credit.accountType === 'savings' ? '32' : '22',
        // nach2 refuses an empty alphanumeric field; blanks are what NACHA expects when unused.
        discretionaryData: '  ',
        traceNumber: credit.traceNumber,
      }),
    );
  }
  file.addBatch(batch);
  return new Promise((resolve) => file.generateFile(resolve));
}

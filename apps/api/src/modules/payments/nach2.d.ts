/** The parts of nach2 (CommonJS, untyped) the NACHA export uses. */
declare module 'nach2' {
  interface FileOptions {
    immediateDestination: string;
    immediateOrigin: string;
    immediateDestinationName: string;
    immediateOriginName: string;
    referenceCode?: string;
    fileIdModifier?: string;
    batchSequenceNumber?: number;
  }
  interface BatchOptions {
    serviceClassCode: string;
    companyName: string;
    standardEntryClassCode: string;
    companyIdentification: string;
    companyEntryDescription: string;
    companyDescriptiveDate?: string;
    effectiveEntryDate: Date;
    originatingDFI: string;
  }
  interface EntryOptions {
    receivingDFI: string;
    DFIAccount: string;
    amount: string | number;
    idNumber?: string;
    individualName: string;
    transactionCode: string;
    traceNumber?: string;
    discretionaryData?: string;
  }
  export class File {
    constructor(options: FileOptions);
    addBatch(batch: Batch): void;
    generateFile(callback: (text: string) => void): void;
  }
  export class Batch {
    constructor(options: BatchOptions);
    addEntry(entry: Entry): void;
  }
  export class Entry {
    constructor(options: EntryOptions);
  }
}

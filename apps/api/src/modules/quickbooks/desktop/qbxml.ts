import { loadedOnce, loadXml } from '../../../platform/lazy-libraries.ts';

/**
 * qbXML, the language QuickBooks Desktop speaks through the Web Connector (decision 035): the requests
 * we send (VendorQueryRq, AccountQueryRq, ClassQueryRq, BillQueryRq with iterators; BillAddRq) and the
 * responses' status codes and Ret objects. Built and parsed with fast-xml-parser, never by hand; the
 * library loads on the first Web Connector session, not at start (decision 042).
 */

export const QBXML_VERSION = '13.0';

const REPEATED = new Set([
  'VendorRet',
  'AccountRet',
  'ClassRet',
  'BillRet',
  'ExpenseLineRet',
  'VendorQueryRs',
  'AccountQueryRs',
  'ClassQueryRs',
  'BillQueryRs',
  'BillAddRs',
]);

/** The qbXML builder and parser, made once. */
const qbxml = loadedOnce(() =>
  loadXml().then((library) => ({
    builder: new library.XMLBuilder({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      suppressEmptyNode: true,
    }),
    parser: new library.XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      isArray: (name) => REPEATED.has(name),
    }),
  })),
);

/** One qbXML document holding these messages; `continueOnError` so one refused add does not stop the rest. */
async function document(messages: Record<string, unknown>): Promise<string> {
  const { builder } = await qbxml();
  const body = builder.build({
    QBXML: { QBXMLMsgsRq: { '@_onError': 'continueOnError', ...messages } },
  }) as string;
  return `<?xml version="1.0" encoding="utf-8"?>\n<?qbxml version="${QBXML_VERSION}"?>\n${body}`;
}

export type QueryKind = 'Vendor' | 'Account' | 'Class' | 'Bill';

/** A list query page: `Start` opens an iterator, `Continue` reads its next page. */
export function queryRequest(
  kind: QueryKind,
  requestId: string,
  pageSize: number,
  iteratorId: string | null,
): Promise<string> {
  return document({
    [`${kind}QueryRq`]: {
      '@_requestID': requestId,
      '@_iterator': iteratorId ? 'Continue' : 'Start',
      ...(iteratorId ? { '@_iteratorID': iteratorId } : {}),
      MaxReturned: pageSize,
      // Bills: their expense lines too, so amounts and accounts can be shown.
      ...(kind === 'Bill' ? { IncludeLineItems: 'true' } : {}),
    },
  });
}

export interface BillToAdd {
  requestId: string;
  /** Our bill's guid, as QuickBooks' ExternalGUID ({…} upper case): how a repeated run finds it. */
  externalGuid: string;
  vendor: { listId: string | null; name: string };
  txnDate: string | null;
  dueDate: string;
  refNumber: string | null;
  memo: string;
  lines: {
    account: { listId: string | null; name: string };
    amountCents: number;
    memo: string | null;
    className: string | null;
  }[];
}

const ref = (r: { listId: string | null; name: string }) =>
  r.listId ? { ListID: r.listId } : { FullName: r.name };
const amount = (cents: number) => (cents / 100).toFixed(2);
export const externalGuidOf = (guid: string) => `{${guid.toUpperCase()}}`;

/** BillAddRq for each bill, in one document; element order as the qbXML schema requires it. */
export function billAddRequest(bills: BillToAdd[]): Promise<string> {
  return document({
    BillAddRq: bills.map((bill) => ({
      '@_requestID': bill.requestId,
      BillAdd: {
        VendorRef: ref(bill.vendor),
        ...(bill.txnDate ? { TxnDate: bill.txnDate } : {}),
        DueDate: bill.dueDate,
        ...(bill.refNumber ? { RefNumber: bill.refNumber.slice(0, 20) } : {}),
        Memo: bill.memo.slice(0, 4000),
        ExternalGUID: externalGuidOf(bill.externalGuid),
        ExpenseLineAdd: bill.lines.map((line) => ({
          AccountRef: ref(line.account),
          Amount: amount(line.amountCents),
          ...(line.memo ? { Memo: line.memo.slice(0, 4000) } : {}),
          ...(line.className ? { ClassRef: { FullName: line.className } } : {}),
        })),
      },
    })),
  });
}

export interface QbxmlStatus {
  requestId: string;
  code: string;
  severity: string;
  message: string;
  iteratorId: string | null;
  remaining: number | null;
}

export interface QbxmlResponse<Ret = Record<string, unknown>> {
  status: QbxmlStatus;
  rets: Ret[];
}

/**
 * The responses of a qbXML document, by message name (`VendorQueryRs`, `BillAddRs`, …). Status code 0 is
 * success, 1 "no match" (an empty query, not an error); Warn and Error severities are refusals.
 */
export async function parseResponse(xml: string): Promise<Map<string, QbxmlResponse[]>> {
  const { parser } = await qbxml();
  const parsed = parser.parse(xml) as { QBXML?: { QBXMLMsgsRs?: Record<string, unknown> } };
  const messages = parsed.QBXML?.QBXMLMsgsRs;
  if (!messages || typeof messages !== 'object') throw new Error('not a qbXML response');
  const out = new Map<string, QbxmlResponse[]>();
  for (const [name, value] of Object.entries(messages)) {
    if (!name.endsWith('Rs')) continue;
    const list = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
    const retName = `${name.replace(/(Query|Add)Rs$/, '')}Ret`;
    out.set(
      name,
      list.map((rs) => {
        const remaining = rs['@_iteratorRemainingCount'];
        return {
          status: {
            requestId: String(rs['@_requestID'] ?? ''),
            code: String(rs['@_statusCode'] ?? ''),
            severity: String(rs['@_statusSeverity'] ?? ''),
            message: String(rs['@_statusMessage'] ?? ''),
            iteratorId: rs['@_iteratorID'] ? String(rs['@_iteratorID']) : null,
            remaining: remaining === undefined ? null : Number(remaining),
          },
          rets: (rs[retName] as Record<string, unknown>[] | undefined) ?? [],
        };
      }),
    );
  }
  return out;
}

export const isRefusal = (status: QbxmlStatus) => status.code !== '0' && status.code !== '1';

/** A qbXML decimal amount ("1234.50") in cents. */
export const centsOf = (value: unknown) => Math.round(Number(value ?? 0) * 100);

export const textOf = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : String(value);

import { XMLParser } from 'fast-xml-parser';
import { parseSoapResult, type QbwcMethod, soapRequest } from '../desktop/soap.ts';

/**
 * A stand-in for the QuickBooks Web Connector and the QuickBooks Desktop behind it (decision 035). It
 * drives a session the way QBWC does (serverVersion, clientVersion, authenticate, then sendRequestXML /
 * receiveResponseXML until 100 %, getLastError on trouble, closeConnection) over SOAP, and answers each
 * qbXML request from a company file held in memory, in QuickBooks' recorded response format: iterators
 * (iteratorID, iteratorRemainingCount), statusCode/statusSeverity/statusMessage, Ret objects.
 */

export interface CompanyFileFixture {
  vendors: { ListID: string; Name: string; Addr1?: string; City?: string }[];
  accounts: { ListID: string; FullName: string; AccountType: string; Balance?: string }[];
  classes: { ListID: string; FullName: string }[];
  bills: {
    TxnID: string;
    Vendor: string;
    RefNumber: string;
    TxnDate: string;
    DueDate: string;
    AmountDue: string;
    ExternalGUID?: string;
  }[];
  /** Requests that answer with an error status instead (e.g. ClassQueryRq: class tracking is off). */
  failing: Record<string, { code: string; severity: string; message: string }>;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const requestParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => ['BillAddRq', 'ExpenseLineAdd'].includes(name),
});

export interface SessionLog {
  calls: QbwcMethod[];
  /** The qbXML requests QuickBooks received, e.g. `VendorQueryRq iterator=Start`. */
  requests: string[];
  progress: number[];
  authenticated: string;
  lastError: string | null;
  closeMessage: string;
}

export function webConnectorStandIn(file: CompanyFileFixture) {
  const iterators = new Map<string, { kind: string; offset: number }>();
  let txn = 900;

  function retXml(kind: string, row: Record<string, string | undefined>): string {
    switch (kind) {
      case 'Vendor':
        return `<VendorRet><ListID>${row.ListID}</ListID><TimeCreated>2024-01-04T10:12:00-08:00</TimeCreated><EditSequence>1704391920</EditSequence><Name>${esc(row.Name ?? '')}</Name><IsActive>true</IsActive>${
          row.Addr1
            ? `<VendorAddress><Addr1>${esc(row.Addr1)}</Addr1><City>${esc(row.City ?? '')}</City></VendorAddress>`
            : ''
        }<Balance>0.00</Balance></VendorRet>`;
      case 'Account':
        return `<AccountRet><ListID>${row.ListID}</ListID><EditSequence>1704391921</EditSequence><Name>${esc(row.FullName ?? '')}</Name><FullName>${esc(
          row.FullName ?? '',
        )}</FullName><IsActive>true</IsActive><Sublevel>0</Sublevel><AccountType>${row.AccountType}</AccountType><Balance>${row.Balance ?? '0.00'}</Balance></AccountRet>`;
      case 'Class':
        return `<ClassRet><ListID>${row.ListID}</ListID><Name>${esc(row.FullName ?? '')}</Name><FullName>${esc(row.FullName ?? '')}</FullName><IsActive>true</IsActive></ClassRet>`;
      default:
        return `<BillRet><TxnID>${row.TxnID}</TxnID><TxnNumber>${row.TxnID?.split('-')[0]}</TxnNumber><VendorRef><FullName>${esc(
          row.Vendor ?? '',
        )}</FullName></VendorRef><APAccountRef><FullName>Accounts Payable</FullName></APAccountRef><TxnDate>${row.TxnDate}</TxnDate><DueDate>${
          row.DueDate
        }</DueDate><AmountDue>${row.AmountDue}</AmountDue><RefNumber>${esc(row.RefNumber ?? '')}</RefNumber>${
          row.ExternalGUID ? `<ExternalGUID>${row.ExternalGUID}</ExternalGUID>` : ''
        }<IsPaid>false</IsPaid><OpenAmount>${row.AmountDue}</OpenAmount></BillRet>`;
    }
  }

  const rowsOf = (kind: string): Record<string, string | undefined>[] =>
    kind === 'Vendor'
      ? file.vendors
      : kind === 'Account'
        ? file.accounts
        : kind === 'Class'
          ? file.classes
          : file.bills;

  /** QuickBooks' answer to one qbXML request document. */
  function answer(request: string, log: SessionLog): string {
    const doc = requestParser.parse(request) as { QBXML: { QBXMLMsgsRq: Record<string, unknown> } };
    const out: string[] = [];
    for (const [name, value] of Object.entries(doc.QBXML.QBXMLMsgsRq)) {
      if (name.startsWith('@_')) continue;
      if (name.endsWith('QueryRq')) {
        const rq = value as Record<string, string>;
        const kind = name.replace('QueryRq', '');
        log.requests.push(`${name} iterator=${rq['@_iterator']}`);
        const failing = file.failing[name];
        if (failing) {
          out.push(
            `<${kind}QueryRs requestID="${rq['@_requestID']}" statusCode="${failing.code}" statusSeverity="${failing.severity}" statusMessage="${esc(failing.message)}" />`,
          );
          continue;
        }
        const max = Number(rq.MaxReturned ?? 100);
        const id = rq['@_iteratorID'] ?? `{${crypto.randomUUID().toUpperCase()}}`;
        const state = rq['@_iterator'] === 'Continue' ? iterators.get(id) : { kind, offset: 0 };
        if (!state) {
          out.push(
            `<${kind}QueryRs requestID="${rq['@_requestID']}" statusCode="3170" statusSeverity="Error" statusMessage="There was an error when continuing the iterator." />`,
          );
          continue;
        }
        const rows = rowsOf(kind).slice(state.offset, state.offset + max);
        state.offset += rows.length;
        iterators.set(id, state);
        const remaining = rowsOf(kind).length - state.offset;
        const status =
          rows.length === 0
            ? 'statusCode="1" statusSeverity="Info" statusMessage="A query request did not find a matching object in QuickBooks"'
            : 'statusCode="0" statusSeverity="Info" statusMessage="Status OK"';
        out.push(
          `<${kind}QueryRs requestID="${rq['@_requestID']}" ${status} iteratorRemainingCount="${remaining}" iteratorID="${id}">${rows.map((r) => retXml(kind, r)).join('')}</${kind}QueryRs>`,
        );
      } else if (name === 'BillAddRq') {
        for (const rq of value as Record<string, unknown>[]) {
          log.requests.push('BillAddRq');
          const add = rq.BillAdd as Record<string, unknown>;
          const vendorRef = add.VendorRef as Record<string, string>;
          const vendor = file.vendors.find(
            (v) => v.ListID === vendorRef.ListID || v.Name === vendorRef.FullName,
          );
          if (!vendor) {
            out.push(
              `<BillAddRs requestID="${rq['@_requestID']}" statusCode="3140" statusSeverity="Error" statusMessage="There is an invalid reference to QuickBooks Vendor &quot;${esc(
                vendorRef.FullName ?? vendorRef.ListID ?? '',
              )}&quot; in the Bill. QuickBooks error message: Invalid argument. The specified record does not exist in the list." />`,
            );
            continue;
          }
          const lines = (add.ExpenseLineAdd as Record<string, string>[]) ?? [];
          const total = lines.reduce((sum, l) => sum + Number(l.Amount), 0).toFixed(2);
          txn += 1;
          const bill = {
            TxnID: `${txn}-1710000000`,
            Vendor: vendor.Name,
            RefNumber: String(add.RefNumber ?? ''),
            TxnDate: String(add.TxnDate ?? '2026-11-28'),
            DueDate: String(add.DueDate ?? ''),
            AmountDue: total,
            ExternalGUID: String(add.ExternalGUID ?? ''),
          };
          file.bills.push(bill);
          out.push(
            `<BillAddRs requestID="${rq['@_requestID']}" statusCode="0" statusSeverity="Info" statusMessage="Status OK">${retXml('Bill', bill)}</BillAddRs>`,
          );
        }
      }
    }
    return `<?xml version="1.0" ?>\n<QBXML>\n<QBXMLMsgsRs>\n${out.join('\n')}\n</QBXMLMsgsRs>\n</QBXML>\n`;
  }

  /** One scheduled run of the Web Connector against the app's endpoint (`post` sends one SOAP body). */
  async function run(
    post: (xml: string) => Promise<string>,
    username: string,
    password: string,
  ): Promise<SessionLog> {
    const log: SessionLog = {
      calls: [],
      requests: [],
      progress: [],
      authenticated: '',
      lastError: null,
      closeMessage: '',
    };
    const call = async (method: QbwcMethod, args: Record<string, string | number>) => {
      log.calls.push(method);
      return parseSoapResult(await post(await soapRequest(method, args)));
    };
    await call('serverVersion', {});
    await call('clientVersion', { strVersion: '2.3.0.215' });
    const [ticket = '', company = ''] = (await call('authenticate', {
      strUserName: username,
      strPassword: password,
    })) as string[];
    log.authenticated = company;
    if (company === 'nvu' || company === 'none') return log;
    for (let i = 0; i < 100; i++) {
      const request = (await call('sendRequestXML', {
        ticket,
        strHCPResponse:
          '<?xml version="1.0" ?><QBXML><QBXMLMsgsRs><HostQueryRs statusCode="0" /></QBXMLMsgsRs></QBXML>',
        strCompanyFileName: 'C:\\Users\\Public\\Documents\\Intuit\\QuickBooks\\Company Files\\Harper.qbw',
        qbXMLCountry: 'US',
        qbXMLMajorVers: 13,
        qbXMLMinorVers: 0,
      })) as string;
      if (request === '') {
        log.lastError = (await call('getLastError', { ticket })) as string;
        break;
      }
      const percent = Number(
        await call('receiveResponseXML', {
          ticket,
          response: answer(request, log),
          hresult: '',
          message: '',
        }),
      );
      log.progress.push(percent);
      if (percent < 0) {
        log.lastError = (await call('getLastError', { ticket })) as string;
        break;
      }
      if (percent >= 100) break;
    }
    log.closeMessage = (await call('closeConnection', { ticket })) as string;
    return log;
  }

  return { run, file };
}

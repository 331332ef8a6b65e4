import { loadedOnce, loadXml } from '../../../platform/lazy-libraries.ts';

/**
 * The SOAP 1.1 envelope of the QuickBooks Web Connector's protocol (QBWC, namespace
 * http://developer.intuit.com/): which method it calls with which string arguments, and our answer.
 * fast-xml-parser loads on the first call to the Web Connector's endpoint, not at start (decision 042).
 */

export const QBWC_NAMESPACE = 'http://developer.intuit.com/';

export const QBWC_METHODS = [
  'serverVersion',
  'clientVersion',
  'authenticate',
  'sendRequestXML',
  'receiveResponseXML',
  'connectionError',
  'getLastError',
  'closeConnection',
] as const;
export type QbwcMethod = (typeof QBWC_METHODS)[number];

/** The SOAP parser and builder, made once. */
const soap = loadedOnce(() =>
  loadXml().then((library) => ({
    parser: new library.XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      parseTagValue: false,
      trimValues: true,
      // The qbXML inside strHCPResponse/response arrives escaped; the parser gives it back as text.
      processEntities: true,
    }),
    builder: new library.XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' }),
  })),
);

export interface SoapCall {
  method: QbwcMethod;
  args: Record<string, string>;
}

/** The call a SOAP request makes, or null when it is not one of the Web Connector's. */
export async function parseSoapCall(xml: string): Promise<SoapCall | null> {
  const { parser } = await soap();
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  const body = (parsed as { Envelope?: { Body?: Record<string, unknown> } }).Envelope?.Body;
  if (!body || typeof body !== 'object') return null;
  const [name, value] = Object.entries(body)[0] ?? [];
  if (!name || !(QBWC_METHODS as readonly string[]).includes(name)) return null;
  const args: Record<string, string> = {};
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      args[k] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  return { method: name as QbwcMethod, args };
}

/** Our answer to a call: `<{method}Response><{method}Result>…</…>` (a string array for authenticate). */
export async function soapResponse(method: QbwcMethod, result: string | number | string[]): Promise<string> {
  const { builder } = await soap();
  const value = Array.isArray(result) ? { string: result } : result;
  const body = builder.build({
    'soap:Envelope': {
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'soap:Body': {
        [`${method}Response`]: { '@_xmlns': QBWC_NAMESPACE, [`${method}Result`]: value },
      },
    },
  }) as string;
  return `<?xml version="1.0" encoding="utf-8"?>${body}`;
}

/** A SOAP fault, for a request that is SOAP but not one we can answer. */
export async function soapFault(message: string): Promise<string> {
  const { builder } = await soap();
  const body = builder.build({
    'soap:Envelope': {
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
      'soap:Body': { 'soap:Fault': { faultcode: 'soap:Client', faultstring: message } },
    },
  }) as string;
  return `<?xml version="1.0" encoding="utf-8"?>${body}`;
}

/** A call as the Web Connector sends it (used by the tests' Web Connector stand-in too). */
export async function soapRequest(
  method: QbwcMethod,
  args: Record<string, string | number>,
): Promise<string> {
  const { builder } = await soap();
  const body = builder.build({
    'soap:Envelope': {
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'soap:Body': { [method]: { '@_xmlns': QBWC_NAMESPACE, ...args } },
    },
  }) as string;
  return `<?xml version="1.0" encoding="utf-8"?>${body}`;
}

/** The result of an answer (for the stand-in): text, or the strings of an array. */
export async function parseSoapResult(xml: string): Promise<string | string[]> {
  const { parser } = await soap();
  const parsed = parser.parse(xml) as { Envelope?: { Body?: Record<string, Record<string, unknown>> } };
  const [name, value] = Object.entries(parsed.Envelope?.Body ?? {})[0] ?? [];
  if (!name || !value) throw new Error('not a SOAP answer');
  if (name === 'Fault') throw new Error(`SOAP fault: ${String(value.faultstring)}`);
  const result = value[name.replace(/Response$/, 'Result')];
  if (result && typeof result === 'object') {
    const strings = (result as { string?: unknown }).string;
    return (Array.isArray(strings) ? strings : [strings]).map((s) => (s === undefined ? '' : String(s)));
  }
  return result === undefined ? '' : String(result);
}

/**
 * The mobile app's links (decision 033). A bill opens from the app's scheme,
 * `billpay://bills/<billGuid>?client=<clientGuid>`, or from the web app's own address of the bill,
 * `https://<host>/bill/<billGuid>` (the universal-link / app-link fallback: a phone with the app
 * installed and the site's association files opens the app, any other opens the web, which sends a
 * phone to /download-app with the bill kept in the query). Anything else opens the app's home.
 */
export const APP_SCHEME = 'billpay';

const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BILL_PATH = new RegExp(`(?:^|/)bills?/(${GUID})/?$`, 'i');
const GUID_ONLY = new RegExp(`^${GUID}$`, 'i');

export interface BillLink {
  billGuid: string;
  clientGuid: string | null;
}

export const isGuid = (value: string | null | undefined): value is string => !!value && GUID_ONLY.test(value);

/** The bill a link opens, or null. */
export function parseBillLink(url: string): BillLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // billpay://bills/<guid>: the URL parser puts "bills" in the host and the guid in the path.
  const path = parsed.protocol === `${APP_SCHEME}:` ? `${parsed.host}${parsed.pathname}` : parsed.pathname;
  const match = BILL_PATH.exec(path);
  if (!match?.[1]) return null;
  const client = parsed.searchParams.get('client');
  return { billGuid: match[1].toLowerCase(), clientGuid: isGuid(client) ? client.toLowerCase() : null };
}

/** The app link that opens a bill (the download page's "Open in the app"). */
export function billAppLink(billGuid: string, clientGuid?: string | null): string {
  return `${APP_SCHEME}://bills/${billGuid}${clientGuid ? `?client=${clientGuid}` : ''}`;
}

/** The app link that opens the app's home. */
export const APP_HOME_LINK = `${APP_SCHEME}://`;

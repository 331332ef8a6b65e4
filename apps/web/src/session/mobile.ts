/** Phones and tablets get the mobile app instead of the web app (SPEC.md §1). */
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

const GUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const CLIENT_BILL = new RegExp(`^/bill/(${GUID})$`);
const STAFF_BILL = new RegExp(`^/clients/(${GUID})/[^/]+/bill/(${GUID})$`);

/**
 * Where a phone is sent instead of `pathname`: /download-app, keeping the bill it was opening (an
 * e-mail's "Review the bill" link) so the page can offer to open that bill in the app (decision 033).
 */
export function downloadAppPathFor(pathname: string, downloadPath: string): string {
  const client = CLIENT_BILL.exec(pathname);
  if (client?.[1]) return `${downloadPath}?bill=${client[1].toLowerCase()}`;
  const staff = STAFF_BILL.exec(pathname);
  if (staff?.[1] && staff[2])
    return `${downloadPath}?bill=${staff[2].toLowerCase()}&client=${staff[1].toLowerCase()}`;
  return downloadPath;
}

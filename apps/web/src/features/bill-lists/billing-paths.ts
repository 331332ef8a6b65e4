/** API and screen paths of bills (SPEC.md §2, §7 "Billing"). */

const segment = (value: string) => encodeURIComponent(value);

/** `/v1/billing/clients/{clientGuid}/{rest}` */
export function clientBillingPath(clientGuid: string, rest: string): string {
  return `/v1/billing/clients/${segment(clientGuid)}/${rest}`;
}

/** `/v1/billing/organizations/{orgGuid}/{rest}` */
export function orgBillingPath(orgGuid: string, rest: string): string {
  return `/v1/billing/organizations/${segment(orgGuid)}/${rest}`;
}

/** The bill page a client user opens: `/bill/{billGuid}`. */
export function clientBillPagePath(billGuid: string): string {
  return `/bill/${segment(billGuid)}`;
}

/** The bill page staff open: `/clients/{clientGuid}/org/bill/{billGuid}`. */
export function staffBillPagePath(clientGuid: string, billGuid: string): string {
  return `/clients/${segment(clientGuid)}/org/bill/${segment(billGuid)}`;
}

/** Screen paths of bills (SPEC.md §2); the API's are the route declarations of @bp/contracts. */

const segment = (value: string) => encodeURIComponent(value);

/** The bill page a client user opens: `/bill/{billGuid}`. */
export function clientBillPagePath(billGuid: string): string {
  return `/bill/${segment(billGuid)}`;
}

/** The bill page staff open: `/clients/{clientGuid}/org/bill/{billGuid}`. */
export function staffBillPagePath(clientGuid: string, billGuid: string): string {
  return `/clients/${segment(clientGuid)}/org/bill/${segment(billGuid)}`;
}

/** /client-dashboard/{clientGuid}: one client's dashboard (staff, advisors, family offices). */
export const clientDashboardPath = (clientGuid: string) =>
  `/client-dashboard/${encodeURIComponent(clientGuid)}`;

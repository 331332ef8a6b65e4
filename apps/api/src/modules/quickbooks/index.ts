// What other modules and the wiring root may use of quickbooks (docs/architecture.md): never its tables.
import type { AppDeps } from '../../platform/deps.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import type { MoneyMoveHook } from '../bill-workflow/index.ts';
import type { VendorWriteHook } from '../entities/index.ts';
import { createCompanyFiles, recordDesktopBill } from './desktop/company-files.ts';
import { createWebConnector } from './desktop/web-connector.ts';
import { recordBillExport } from './online/export.ts';
import { createOnlineService } from './online/service.ts';
import { qboSecretBox } from './online/tokens.ts';
import { registerQuickbooksRoutes } from './routes.ts';

/** Objects per qbXML iterator page (MaxReturned) the Web Connector is asked for. */
export const QBD_PAGE_SIZE = 100;

/**
 * The QuickBooks module (issue 18, decision 035), built once by app.ts: its routes, its job queues
 * (registered on the runner before it starts) and the hook bill-workflow calls when money moves.
 */
export function createQuickbooks(
  deps: AppDeps,
  options: { vendorHook: VendorWriteHook; jobs?: JobRunner | undefined; qbdPageSize?: number },
) {
  const { db } = deps.database;
  const online = createOnlineService({
    db,
    config: deps.config.quickbooks.online,
    box: qboSecretBox(deps.config.secrets),
    vendorHook: options.vendorHook,
    now: deps.now,
    jobs: options.jobs,
  });
  const companyFiles = createCompanyFiles({
    db,
    now: deps.now,
    webConnectorUrl: deps.config.quickbooks.webConnectorUrl,
    publicUrl: deps.config.publicUrl,
  });
  const webConnector = createWebConnector({
    db,
    vendorHook: options.vendorHook,
    now: deps.now,
    pageSize: options.qbdPageSize ?? QBD_PAGE_SIZE,
  });
  if (options.jobs) {
    options.jobs.register(online.queues.sync);
    options.jobs.register(online.queues.export);
  }

  /**
   * In the workflow transition's transaction: a bill reaching payment is recorded for export to
   * QuickBooks Online (and its job queued, committed with the transition) and for every active desktop
   * company file of its entity; a recorded payment is recorded for export as a BillPayment.
   */
  const moneyMoved: MoneyMoveHook = async (tx, bill, event) => {
    for (const exportId of await recordBillExport(tx, bill, event)) await online.sendExport(tx, exportId);
    if (event === 'approved') await recordDesktopBill(tx, bill);
  };

  return {
    online,
    companyFiles,
    webConnector,
    moneyMoved,
    register: (app: Parameters<typeof registerQuickbooksRoutes>[0]) =>
      registerQuickbooksRoutes(app, deps, { online, companyFiles, webConnector, jobs: options.jobs }),
  };
}

export type Quickbooks = ReturnType<typeof createQuickbooks>;

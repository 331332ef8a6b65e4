import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import type { VendorWriteHook } from '../../entities/index.ts';
import { type QbdSessionError, qbdBills, qbdCompanyFiles, qbdSessions } from '../tables.ts';
import { companyFileData } from './company-file-data.ts';
import { billAddRequest, isRefusal, parseResponse, type QueryKind, queryRequest, textOf } from './qbxml.ts';
import { type SoapCall, soapResponse } from './soap.ts';

/**
 * The Web Connector's side of a session (decision 035). The Web Connector authenticates with a company
 * file's own login, then asks for work (sendRequestXML) and hands back QuickBooks' answers
 * (receiveResponseXML) until we answer 100 %. A session reads the company file's vendors, accounts,
 * classes and bills, page by page through qbXML iterators, then adds our bills it does not yet hold.
 * Where it has got to is kept on the session's row, so any API instance can serve the next call.
 */

const STEPS: QueryKind[] = ['Vendor', 'Account', 'Class', 'Bill'];
/** Step index after the queries: BillAdd. */
const ADD_STEP = STEPS.length;
const SESSION_TTL_MS = 60 * 60 * 1000;
const FAILED_LOGINS_ALLOWED = 10;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface WebConnectorDeps {
  db: Db;
  vendorHook: VendorWriteHook;
  now: () => Date;
  /** Objects per iterator page (MaxReturned). */
  pageSize: number;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

type SessionRow = typeof qbdSessions.$inferSelect;
type FileRow = typeof qbdCompanyFiles.$inferSelect;

export function createWebConnector(deps: WebConnectorDeps) {
  const { db, now } = deps;
  const { tenantOfFile, billsToAdd, saveQueryPage } = companyFileData(deps);
  // Failed logins per user name (this instance): a guessed password meets a wall, not an oracle.
  const failures = new Map<string, number[]>();

  async function sessionOf(
    ticket: string | undefined,
  ): Promise<{ session: SessionRow; file: FileRow } | null> {
    if (!ticket) return null;
    const [row] = await db
      .select({ session: qbdSessions, file: qbdCompanyFiles })
      .from(qbdSessions)
      .innerJoin(qbdCompanyFiles, eq(qbdCompanyFiles.id, qbdSessions.companyFileId))
      .where(eq(qbdSessions.ticketHash, hash(ticket)));
    if (row?.session.status !== 'open' || !row.file.isActive) return null;
    if (now().getTime() - row.session.startedAt.getTime() > SESSION_TTL_MS) return null;
    return row;
  }

  async function update(session: SessionRow, fields: Partial<SessionRow>) {
    Object.assign(session, fields);
    await db.update(qbdSessions).set(fields).where(eq(qbdSessions.id, session.id));
  }

  /** The next request of the session, moving past steps with nothing to do; '' when none is left. */
  async function nextRequest(session: SessionRow, file: FileRow): Promise<string> {
    const { classes } = await tenantOfFile(file);
    let step = session.step;
    if (STEPS[step] === 'Class' && !classes) step += 1;
    if (step < ADD_STEP) {
      const kind = STEPS[step] as QueryKind;
      const requestId = `${step}-${randomBytes(4).toString('hex')}`;
      await update(session, { step, pending: { step, requestId } });
      return queryRequest(kind, requestId, deps.pageSize, session.iteratorId);
    }
    if (step === ADD_STEP) {
      const bills = await billsToAdd(file);
      if (bills.length > 0) {
        await update(session, {
          step,
          pending: { step, requestId: 'add', billIds: bills.map((b) => Number(b.requestId)) },
        });
        return billAddRequest(bills);
      }
    }
    await update(session, { step: ADD_STEP + 1, pending: null });
    return '';
  }

  const addCount = (session: SessionRow, key: string, n = 1) => ({
    ...session.counts,
    [key]: (session.counts[key] ?? 0) + n,
  });

  function recordError(session: SessionRow, error: QbdSessionError) {
    return update(session, { errors: [...session.errors, error].slice(-50), lastError: error.message });
  }

  /** QuickBooks' answer to the pending request: saved, errors recorded; returns the percentage done. */
  async function receive(session: SessionRow, file: FileRow, xml: string): Promise<number> {
    const pending = session.pending;
    if (!pending) return 100;
    const responses = await parseResponse(xml);
    if (pending.step < ADD_STEP) {
      const kind = STEPS[pending.step] as QueryKind;
      const [response] = responses.get(`${kind}QueryRs`) ?? [];
      if (!response) throw new Error(`no ${kind}QueryRs in the response`);
      if (isRefusal(response.status)) {
        // This list could not be read: note it, and go on with the next one.
        await recordError(session, {
          request: `${kind}QueryRq`,
          status_code: response.status.code,
          severity: response.status.severity,
          message: response.status.message,
        });
        await update(session, { step: pending.step + 1, iteratorId: null, pending: null });
      } else {
        await saveQueryPage(file, kind, response);
        await update(session, { counts: addCount(session, kind.toLowerCase(), response.rets.length) });
        const more = (response.status.remaining ?? 0) > 0 && response.status.iteratorId;
        await update(session, {
          step: more ? pending.step : pending.step + 1,
          iteratorId: more ? response.status.iteratorId : null,
          pending: null,
        });
      }
    } else {
      for (const response of responses.get('BillAddRs') ?? []) {
        const id = Number(response.status.requestId);
        if (!pending.billIds?.includes(id)) continue;
        if (isRefusal(response.status)) {
          await db
            .update(qbdBills)
            .set({ status: 'failed', error: response.status.message, updatedAt: now() })
            .where(eq(qbdBills.id, id));
          await recordError(session, {
            request: 'BillAddRq',
            status_code: response.status.code,
            severity: response.status.severity,
            message: response.status.message,
          });
        } else {
          const [ret] = response.rets;
          await db
            .update(qbdBills)
            .set({
              status: 'added',
              error: null,
              txnId: textOf(ret?.TxnID),
              refNumber: textOf(ret?.RefNumber),
              vendorName: textOf((ret?.VendorRef as Record<string, unknown> | undefined)?.FullName),
              txnDate: textOf(ret?.TxnDate),
              dueDate: textOf(ret?.DueDate),
              updatedAt: now(),
            })
            .where(eq(qbdBills.id, id));
          await update(session, { counts: addCount(session, 'bills_added') });
        }
      }
      // One add request per session: bills that failed wait for the next run.
      await update(session, { step: ADD_STEP + 1, pending: null });
    }
    // The Web Connector reads an empty request as an error, so "nothing left" must be said here, as 100 %.
    if (session.step === ADD_STEP && (await billsToAdd(file)).length === 0)
      await update(session, { step: ADD_STEP + 1 });
    if (session.step > ADD_STEP) return 100;
    // Whole steps done, so the Web Connector's progress bar only moves forward.
    return Math.min(99, Math.floor((session.step / (ADD_STEP + 1)) * 100));
  }

  async function finish(session: SessionRow) {
    await update(session, {
      status: session.errors.length > 0 ? 'failed' : 'done',
      finishedAt: now(),
      pending: null,
    });
  }

  /** Answers one SOAP call of the Web Connector. */
  async function handle(call: SoapCall): Promise<string> {
    const { method, args } = call;
    switch (method) {
      case 'serverVersion':
        return soapResponse(method, '1.0.0');
      case 'clientVersion':
        // The protocol's answers: '' lets the session go on, 'W:<text>' warns, 'E:<text>' refuses. We need
        // nothing beyond what every Web Connector 2.x sends (qbXML requests only), so no version is refused.
        return soapResponse(method, '');
      case 'authenticate': {
        const username = args.strUserName ?? '';
        const recent = (failures.get(username) ?? []).filter(
          (t) => now().getTime() - t < FAILED_LOGIN_WINDOW_MS,
        );
        const [file] = await db.select().from(qbdCompanyFiles).where(eq(qbdCompanyFiles.username, username));
        const ok =
          recent.length < FAILED_LOGINS_ALLOWED &&
          (await verifyPassword(file?.isActive ? file.passwordHash : null, args.strPassword ?? ''));
        if (!ok || !file) {
          failures.set(username, [...recent, now().getTime()]);
          return soapResponse(method, ['', 'nvu']);
        }
        failures.delete(username);
        const ticket = randomBytes(32).toString('base64url');
        await db
          .insert(qbdSessions)
          .values({ companyFileId: file.id, ticketHash: hash(ticket), status: 'open', startedAt: now() });
        // '' = the company file open in QuickBooks.
        return soapResponse(method, [ticket, '']);
      }
      case 'sendRequestXML': {
        const found = await sessionOf(args.ticket);
        if (!found) return soapResponse(method, '');
        const xml = await nextRequest(found.session, found.file);
        if (!xml) await finish(found.session);
        return soapResponse(method, xml);
      }
      case 'receiveResponseXML': {
        const found = await sessionOf(args.ticket);
        if (!found) return soapResponse(method, -101);
        if (args.hresult) {
          await recordError(found.session, {
            request: 'receiveResponseXML',
            status_code: args.hresult,
            severity: 'Error',
            message: args.message || 'QuickBooks could not run the request.',
          });
          await finish(found.session);
          return soapResponse(method, -101);
        }
        try {
          const percent = await receive(found.session, found.file, args.response ?? '');
          if (percent === 100) {
            // Nothing further to ask for: the Web Connector will close the connection.
            await update(found.session, { step: ADD_STEP + 1 });
            await finish(found.session);
          }
          return await soapResponse(method, percent);
        } catch {
          await recordError(found.session, {
            request: 'receiveResponseXML',
            status_code: 'parse',
            severity: 'Error',
            message: 'The answer from QuickBooks could not be read.',
          });
          await finish(found.session);
          return soapResponse(method, -101);
        }
      }
      case 'connectionError': {
        const found = await sessionOf(args.ticket);
        if (found) {
          await recordError(found.session, {
            request: 'connectionError',
            status_code: args.hresult ?? '',
            severity: 'Error',
            message: args.message || 'The Web Connector could not open the company file.',
          });
          await finish(found.session);
        }
        return soapResponse(method, 'done');
      }
      case 'getLastError': {
        const [row] = args.ticket
          ? await db
              .select()
              .from(qbdSessions)
              .where(eq(qbdSessions.ticketHash, hash(args.ticket)))
          : [];
        return soapResponse(method, row?.lastError ?? 'Unknown session: authenticate again.');
      }
      case 'closeConnection': {
        const [row] = args.ticket
          ? await db
              .select()
              .from(qbdSessions)
              .where(eq(qbdSessions.ticketHash, hash(args.ticket)))
          : [];
        if (row?.status === 'open') await finish(row);
        return soapResponse(
          method,
          row && row.errors.length > 0 ? `Finished with ${row.errors.length} error(s).` : 'OK',
        );
      }
    }
  }

  return { handle };
}

export type WebConnector = ReturnType<typeof createWebConnector>;

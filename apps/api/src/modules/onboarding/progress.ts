import type { OnboardingProgress } from '@bp/contracts';
import {
  ONBOARDING_ANCHOR_VALUES,
  type OnboardingFacts,
  type OnboardingProgressStatus,
  onboardingProgressStatus,
  onboardingStepHasRecords,
} from '@bp/domain';
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import {
  bankContactRows,
  clientInstitutionRows,
  contactRows,
  documentRows,
  propertyRows,
} from '../client-records/index.ts';
import { clientAssignmentList, clientList, clientUserList } from '../clients/index.ts';
import { commitmentRows } from '../commitments/index.ts';
import { entityList } from '../entities/index.ts';
import { clientOnboarding, onboardingTaxForms } from './tables.ts';

/**
 * Relations of a client that the app-users step does not count: its primary users (who fill the checklist)
 * and the advisor and family office linked through its referrer (they are not invited by the client).
 */
const NOT_APP_USER_RELATIONS = ['primary', 'wealth_manager', 'family_office'];

type ClientIdRef = AnyColumn | SQL;

/** The count of each step's records for the client `clientId` (a column of the outer query): one subquery each. */
function countsOf(clientId: ClientIdRef) {
  const countWhere = (table: SQL, condition: SQL) =>
    sql<number>`(select count(*)::int from ${table} where ${condition})`;
  return {
    entities: countWhere(
      sql`${entityList}`,
      sql`${entityList.clientId} = ${clientId} and ${entityList.archivedAt} is null`,
    ),
    commitments: countWhere(
      sql`${commitmentRows}`,
      sql`${commitmentRows.clientId} = ${clientId} and ${commitmentRows.archivedAt} is null`,
    ),
    taxForms: countWhere(sql`${onboardingTaxForms}`, sql`${onboardingTaxForms.clientId} = ${clientId}`),
    documents: countWhere(sql`${documentRows}`, sql`${documentRows.clientId} = ${clientId}`),
    team: countWhere(sql`${clientAssignmentList}`, sql`${clientAssignmentList.clientId} = ${clientId}`),
    contacts: countWhere(sql`${contactRows}`, sql`${contactRows.clientId} = ${clientId}`),
    banks: sql<number>`(${countWhere(sql`${bankContactRows}`, sql`${bankContactRows.clientId} = ${clientId}`)} + ${countWhere(
      sql`${clientInstitutionRows}`,
      sql`${clientInstitutionRows.clientId} = ${clientId}`,
    )})`,
    properties: countWhere(sql`${propertyRows}`, sql`${propertyRows.clientId} = ${clientId}`),
    appUsers: countWhere(
      sql`${clientUserList}`,
      sql`${clientUserList.clientId} = ${clientId} and ${clientUserList.clientRelation} not in (${sql.join(
        NOT_APP_USER_RELATIONS.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    ),
  };
}

/** The facts of the clients `clientIds`, with their autosaved position: one statement. */
export async function onboardingFactsOf(
  db: DbOrTx,
  clientIds: readonly number[],
): Promise<Map<number, { facts: OnboardingFacts; lastAnchor: string | null }>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({
      clientId: clientList.id,
      primaryContact: clientList.primaryContact,
      hasProperties: clientList.hasProperties,
      completed: clientList.isOnboardingCompleted,
      answers: clientOnboarding.answers,
      visited: clientOnboarding.visitedAnchors,
      lastAnchor: clientOnboarding.lastAnchor,
      ...countsOf(clientList.id),
    })
    .from(clientList)
    .leftJoin(clientOnboarding, sql`${clientOnboarding.clientId} = ${clientList.id}`)
    .where(inArray(clientList.id, [...clientIds]));
  const byClient = new Map<number, { facts: OnboardingFacts; lastAnchor: string | null }>();
  for (const row of rows) {
    byClient.set(row.clientId, {
      lastAnchor: row.lastAnchor,
      facts: {
        answeredAnchors: Object.entries(row.answers ?? {})
          .filter(([, value]) => value !== null)
          .map(([anchor]) => anchor),
        hasPrimaryContact: Boolean(row.primaryContact?.trim()),
        hasProperties: row.hasProperties,
        completed: row.completed,
        visitedAnchors: row.visited ?? [],
        entities: Number(row.entities),
        commitments: Number(row.commitments),
        taxForms: Number(row.taxForms),
        documents: Number(row.documents),
        team: Number(row.team),
        contacts: Number(row.contacts),
        banks: Number(row.banks),
        properties: Number(row.properties),
        appUsers: Number(row.appUsers),
      },
    });
  }
  return byClient;
}

/** Steps done out of all fourteen, and the whole's status, from the facts. */
export function progressOfFacts(facts: OnboardingFacts): OnboardingProgress {
  const completedSteps = ONBOARDING_ANCHOR_VALUES.filter((anchor) =>
    onboardingStepHasRecords(anchor, facts),
  ).length;
  return {
    completed_steps: completedSteps,
    total_steps: ONBOARDING_ANCHOR_VALUES.length,
    status: onboardingProgressStatus(facts.completed, completedSteps),
  };
}

/**
 * Onboarding progress of each client in `clientIds` (lists, the advisor and family-office portfolios):
 * `{completedSteps, totalSteps, status}` per client id, read in ONE query. A client id not found is left out.
 */
export async function onboardingProgressOf(
  tx: DbOrTx,
  clientIds: readonly number[],
): Promise<Map<number, { completedSteps: number; totalSteps: number; status: OnboardingProgressStatus }>> {
  const facts = await onboardingFactsOf(tx, clientIds);
  const result = new Map<
    number,
    { completedSteps: number; totalSteps: number; status: OnboardingProgressStatus }
  >();
  for (const [clientId, { facts: f }] of facts) {
    const progress = progressOfFacts(f);
    result.set(clientId, {
      completedSteps: progress.completed_steps,
      totalSteps: progress.total_steps,
      status: progress.status,
    });
  }
  return result;
}

/**
 * A condition on the client `clientId` (a column of the caller's query, e.g. the clients list) that holds
 * when its onboarding has this status: the list filters in SQL, so paging and counts stay right. "Any step
 * done" is the same facts progressOfFacts counts, written as SQL.
 */
export function onboardingStatusCondition(
  clientId: ClientIdRef,
  completed: ClientIdRef,
  status: OnboardingProgressStatus,
): SQL {
  if (status === 'completed') return sql`${completed} = true`;
  const counts = countsOf(clientId);
  const anyStepDone = sql`(
    exists (select 1 from ${clientList} where ${clientList.id} = ${clientId}
      and (nullif(trim(${clientList.primaryContact}), '') is not null))
    or exists (select 1 from ${clientOnboarding} where ${clientOnboarding.clientId} = ${clientId}
      and exists (select 1 from jsonb_each(${clientOnboarding.answers}) a where a.value <> 'null'::jsonb))
    or ${sql.join(
      Object.values(counts).map((count) => sql`${count} > 0`),
      sql` or `,
    )}
  )`;
  return status === 'in_progress'
    ? sql`(${completed} = false and ${anyStepDone})`
    : sql`(${completed} = false and not ${anyStepDone})`;
}

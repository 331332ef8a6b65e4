import type { OnboardingAnswers, OnboardingChecklist, OnboardingClientDetailsRequest } from '@bp/contracts';
import {
  isOnboardingStepRequired,
  ONBOARDING_ANCHOR_LABELS,
  ONBOARDING_ANCHOR_VALUES,
  type OnboardingAnchor,
  type OnboardingAnswerAnchor,
  onboardingStepHasRecords,
  onboardingStepId,
  onboardingStepStatus,
  resumeAnchor,
  unfinishedRequiredSteps,
} from '@bp/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { clientList, clientUserList, updateClientOnboardingFields } from '../clients/index.ts';
import { auditWrite, type Tenant } from '../entities/index.ts';
import { forbidden, notFound } from './errors.ts';
import { onboardingFactsOf, progressOfFacts } from './progress.ts';
import { clientOnboarding } from './tables.ts';

/**
 * Relations that see a client's checklist without changing it (SPEC §1: advisors and family offices look
 * after a client's onboarding; the client and its organisation fill it). Observers are refused by the
 * route's policy already.
 */
const READ_ONLY_RELATIONS = ['wealth_manager', 'family_office', 'cpa', 'attorney'];
/** Client-side roles that fill their own checklist. */
const WRITER_ROLES = ['client'];

/** May this caller change the checklist? Staff: the policy checked their permission; clients: see above. */
async function canEdit(db: DbOrTx, tenant: Tenant): Promise<boolean> {
  if (tenant.via === 'staff') return true;
  if (!WRITER_ROLES.includes(tenant.clientRole ?? '') || tenant.clientUserId === null) return false;
  const [link] = await db
    .select({ relation: clientUserList.clientRelation })
    .from(clientUserList)
    .where(eq(clientUserList.id, tenant.clientUserId));
  return link !== undefined && !READ_ONLY_RELATIONS.includes(link.relation);
}

async function requireEditor(db: DbOrTx, tenant: Tenant): Promise<void> {
  if (!(await canEdit(db, tenant))) throw forbidden();
}

/** Makes the client's onboarding row if there is none yet and locks it: writes to it are serialised. */
async function lockedState(tx: DbOrTx, clientId: number) {
  await tx.insert(clientOnboarding).values({ clientId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(clientOnboarding)
    .where(eq(clientOnboarding.clientId, clientId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The checklist as the caller sees it: every step's status computed from the saved records. */
export async function readChecklist(db: DbOrTx, tenant: Tenant): Promise<OnboardingChecklist> {
  const [client] = await db
    .select({
      guid: clientList.guid,
      name: clientList.name,
      primaryContact: clientList.primaryContact,
      hasProperties: clientList.hasProperties,
      completed: clientList.isOnboardingCompleted,
    })
    .from(clientList)
    .where(eq(clientList.id, tenant.clientId));
  const state = (await onboardingFactsOf(db, [tenant.clientId])).get(tenant.clientId);
  if (!client || !state) throw notFound();
  const [answersRow] = await db
    .select({ answers: clientOnboarding.answers })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.clientId, tenant.clientId));
  const { facts, lastAnchor } = state;
  const recordsOf: Record<OnboardingAnchor, number> = {
    initial: Number(facts.answeredAnchors.includes('initial')),
    client_details: Number(facts.hasPrimaryContact),
    it: Number(facts.answeredAnchors.includes('it')),
    prelim: Number(facts.answeredAnchors.includes('prelim')),
    entities: facts.entities,
    commitment: facts.commitments,
    other: facts.taxForms,
    docs: facts.documents,
    team: facts.team,
    contacts: facts.contacts,
    banks: facts.banks,
    properties: facts.properties,
    app_users: facts.appUsers,
    summary: Number(facts.completed),
  };
  const answers = answersRow?.answers ?? {};
  const last = ONBOARDING_ANCHOR_VALUES.find((anchor) => anchor === lastAnchor) ?? null;
  return {
    client: {
      guid: client.guid,
      name: client.name,
      primary_contact: client.primaryContact,
      has_properties: client.hasProperties,
      is_onboarding_completed: client.completed,
    },
    steps: ONBOARDING_ANCHOR_VALUES.map((anchor) => ({
      anchor,
      step_id: onboardingStepId(anchor),
      label: ONBOARDING_ANCHOR_LABELS[anchor],
      status: onboardingStepStatus(anchor, facts),
      required: isOnboardingStepRequired(anchor, facts),
      records: recordsOf[anchor],
    })),
    current_anchor: resumeAnchor(facts, lastAnchor),
    last_anchor: last,
    progress: progressOfFacts(facts),
    answers: {
      initial: answers.initial ?? null,
      it: answers.it ?? null,
      prelim: answers.prelim ?? null,
    },
    can_edit: await canEdit(db, tenant),
    unfinished_required: unfinishedRequiredSteps(facts),
  };
}

export function createChecklistService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  return {
    read: (tenant: Tenant) => readChecklist(db, tenant),

    /** Autosave of the position: the step opened is remembered, and marked visited. */
    async visit(tenant: Tenant, anchor: OnboardingAnchor): Promise<OnboardingChecklist> {
      await requireEditor(db, tenant);
      await db.transaction(async (tx) => {
        const state = await lockedState(tx, tenant.clientId);
        const visited = state.visitedAnchors.includes(anchor)
          ? state.visitedAnchors
          : [...state.visitedAnchors, anchor];
        await tx
          .update(clientOnboarding)
          .set({ lastAnchor: anchor, visitedAnchors: visited, updatedAt: now() })
          .where(eq(clientOnboarding.id, state.id));
        // Moving between steps is not a change of the client's records: no audit entry (it would flood the
        // history with every click); the saves of the steps themselves are audited.
      });
      return readChecklist(db, tenant);
    },

    /** Saves one questionnaire step's answers (validated by its contract at the edge). */
    async saveAnswers<A extends OnboardingAnswerAnchor>(
      tenant: Tenant,
      anchor: A,
      value: NonNullable<OnboardingAnswers[A]>,
    ): Promise<OnboardingChecklist> {
      await requireEditor(db, tenant);
      await db.transaction(async (tx) => {
        const state = await lockedState(tx, tenant.clientId);
        const before = state.answers[anchor] ?? null;
        await tx
          .update(clientOnboarding)
          .set({
            answers: sql`${clientOnboarding.answers} || ${JSON.stringify({ [anchor]: value })}::jsonb`,
            updatedAt: now(),
          })
          .where(eq(clientOnboarding.id, state.id));
        await auditWrite(tx, tenant, {
          action: 'onboarding_answers_saved',
          objectType: 'client_onboarding',
          objectGuid: tenant.clientGuid,
          changes: { [anchor]: { before, after: value } },
        });
      });
      return readChecklist(db, tenant);
    },

    /** The client-details step: who the primary contact is and whether the client has properties. */
    async saveClientDetails(
      tenant: Tenant,
      input: OnboardingClientDetailsRequest,
    ): Promise<OnboardingChecklist> {
      await requireEditor(db, tenant);
      await db.transaction(async (tx) => {
        const result = await updateClientOnboardingFields(
          tx,
          tenant.clientId,
          { primaryContact: input.primary_contact, hasProperties: input.has_properties },
          now(),
        );
        if (!result) throw notFound();
        await auditWrite(tx, tenant, {
          action: 'client_updated',
          objectType: 'client',
          objectGuid: tenant.clientGuid,
          changes: {
            primary_contact: { before: result.before.primaryContact, after: result.after.primaryContact },
            has_properties: { before: result.before.hasProperties, after: result.after.hasProperties },
          },
        });
      });
      return readChecklist(db, tenant);
    },

    /**
     * The summary: sets is_onboarding_completed when every required step has its records, else refuses
     * with `400 {unfinished_steps: [...]}`. Checked inside the transaction, under the onboarding row's lock.
     */
    async submit(tenant: Tenant): Promise<OnboardingChecklist> {
      await requireEditor(db, tenant);
      await db.transaction(async (tx) => {
        const state = await lockedState(tx, tenant.clientId);
        const facts = (await onboardingFactsOf(tx, [tenant.clientId])).get(tenant.clientId)?.facts;
        if (!facts) throw notFound();
        const unfinished = unfinishedRequiredSteps(facts);
        if (unfinished.length > 0) throw new ValidationError({ unfinished_steps: unfinished });
        if (onboardingStepHasRecords('summary', facts)) return; // submitted before: nothing changes
        const at = now();
        await updateClientOnboardingFields(tx, tenant.clientId, { isOnboardingCompleted: true }, at);
        await tx
          .update(clientOnboarding)
          .set({ submittedAt: at, lastAnchor: 'summary', updatedAt: at })
          .where(eq(clientOnboarding.id, state.id));
        await auditWrite(tx, tenant, {
          action: 'client_onboarding_completed',
          objectType: 'client',
          objectGuid: tenant.clientGuid,
          changes: { is_onboarding_completed: { before: false, after: true } },
        });
      });
      return readChecklist(db, tenant);
    },
  };
}

export { requireEditor };

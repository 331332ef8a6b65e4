import type { createClientRequest, OrgClient, PatchClientRequest } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { conflict, notFound } from './errors.ts';
import { findUsableReferrer } from './referrer-repo.ts';
import { findOrgClient, toOrgClient } from './repo.ts';
import { clients } from './tables.ts';

type CreateClientInput = z.output<typeof createClientRequest>;

/** The client's fields as the API names them: what an update compares and the audit trail records. */
function fieldsOf(client: OrgClient): Required<PatchClientRequest> {
  return {
    name: client.name,
    service: client.service,
    primary_contact: client.primary_contact,
    bp_ff_amount: client.bp_ff_amount,
    foa_ff_amount: client.foa_ff_amount,
    has_properties: client.has_properties,
    client_referrer: client.client_referrer?.guid ?? null,
    is_onboarding_completed: client.is_onboarding_completed,
  };
}

const blankToNull = (value: string | null | undefined) => (value === '' ? null : value);

/** Resolves a referrer guid the organisation may use: undefined = not sent, null = none. */
async function referrerId(tx: DbOrTx, organizationId: number, guid: string | null | undefined) {
  if (guid === undefined || guid === null) return guid;
  const referrer = await findUsableReferrer(tx, organizationId, guid);
  if (!referrer) throw invalid('client_referrer', 'Unknown client referrer.');
  return referrer.id;
}

/** Create, read, edit, archive and unarchive an organisation's clients. The guard checked the permission. */
export function createClientService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  async function load(tx: DbOrTx, scope: OrganizationScope, clientGuid: string): Promise<OrgClient> {
    const row = await findOrgClient(tx, scope.id, clientGuid);
    if (!row) throw notFound();
    return toOrgClient(row.client, row.referrer);
  }

  async function lockedId(tx: DbOrTx, scope: OrganizationScope, clientGuid: string) {
    const [row] = await tx
      .select({ id: clients.id, archivedAt: clients.archivedAt })
      .from(clients)
      .where(and(eq(clients.organizationId, scope.id), eq(clients.guid, clientGuid)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  return {
    get: (scope: OrganizationScope, clientGuid: string) => load(db, scope, clientGuid),

    async create(scope: OrganizationScope, input: CreateClientInput, actor: AuditActor): Promise<OrgClient> {
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(clients)
          .values({
            organizationId: scope.id,
            name: input.name,
            service: input.service,
            primaryContact: blankToNull(input.primary_contact) ?? null,
            bpFfAmount: input.bp_ff_amount,
            foaFfAmount: input.foa_ff_amount,
            hasProperties: input.has_properties,
            isOnboardingCompleted: input.is_onboarding_completed,
            clientReferrerId: (await referrerId(tx, scope.id, input.client_referrer)) ?? null,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: clients.id, guid: clients.guid });
        if (!row) throw new Error('client insert returned nothing');
        const created = await load(tx, scope, row.guid);
        await recordAudit(tx, actor, {
          action: 'client_created',
          objectType: 'client',
          objectGuid: created.guid,
          organizationId: scope.id,
          clientId: row.id,
          changes: diffFields({}, fieldsOf(created)),
        });
        return created;
      });
    },

    /** Writes and audits only the fields whose values change. */
    async patch(
      scope: OrganizationScope,
      clientGuid: string,
      input: PatchClientRequest,
      actor: AuditActor,
    ): Promise<OrgClient> {
      return db.transaction(async (tx) => {
        const { id } = await lockedId(tx, scope, clientGuid);
        const before = await load(tx, scope, clientGuid);
        const wanted = { ...input, primary_contact: blankToNull(input.primary_contact) };
        const changes = diffFields(fieldsOf(before), wanted);
        const changed = (key: keyof PatchClientRequest) => key in changes;
        if (Object.keys(changes).length === 0) return before;
        await tx
          .update(clients)
          .set({
            ...(changed('name') ? { name: wanted.name } : {}),
            ...(changed('service') ? { service: wanted.service } : {}),
            ...(changed('primary_contact') ? { primaryContact: wanted.primary_contact ?? null } : {}),
            ...(changed('bp_ff_amount') ? { bpFfAmount: wanted.bp_ff_amount } : {}),
            ...(changed('foa_ff_amount') ? { foaFfAmount: wanted.foa_ff_amount } : {}),
            ...(changed('has_properties') ? { hasProperties: wanted.has_properties } : {}),
            ...(changed('is_onboarding_completed')
              ? { isOnboardingCompleted: wanted.is_onboarding_completed }
              : {}),
            ...(changed('client_referrer')
              ? { clientReferrerId: (await referrerId(tx, scope.id, wanted.client_referrer)) ?? null }
              : {}),
            updatedAt: now(),
          })
          .where(eq(clients.id, id));
        await recordAudit(tx, actor, {
          action: 'client_updated',
          objectType: 'client',
          objectGuid: clientGuid,
          organizationId: scope.id,
          clientId: id,
          changes,
        });
        return load(tx, scope, clientGuid);
      });
    },

    async setArchived(
      scope: OrganizationScope,
      clientGuid: string,
      archive: boolean,
      actor: AuditActor,
    ): Promise<OrgClient> {
      return db.transaction(async (tx) => {
        const { id, archivedAt } = await lockedId(tx, scope, clientGuid);
        if (archive && archivedAt) throw conflict('This client is already archived.');
        if (!archive && !archivedAt) throw conflict('This client is not archived.');
        const at = now();
        await tx
          .update(clients)
          .set({ archivedAt: archive ? at : null, updatedAt: at })
          .where(eq(clients.id, id));
        await recordAudit(tx, actor, {
          action: archive ? 'client_archived' : 'client_unarchived',
          objectType: 'client',
          objectGuid: clientGuid,
          organizationId: scope.id,
          clientId: id,
          changes: { archived: { before: !archive, after: archive } },
        });
        return load(tx, scope, clientGuid);
      });
    },
  };
}

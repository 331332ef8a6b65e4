import type { OrganizationDetail, PatchOrganizationRequest, PermissionCatalogue } from '@bp/contracts';
import { isPermission, isValidPhone, normalizePhone, PERMISSION_LABELS, PERMISSION_VALUES } from '@bp/domain';
import { eq } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { detailOf, findOrganization, type UnreadCounts, unreadCountOfMember } from './repo.ts';
import { organizations } from './tables.ts';

/** Org Settings: the organisation's own fields, and what its members may do. */
export function createOrganizationService(
  { database, now }: Pick<AppDeps, 'database' | 'now'>,
  unreadCountsOf: UnreadCounts,
) {
  const { db } = database;

  return {
    async get(scope: OrganizationScope): Promise<OrganizationDetail> {
      return detailOf(
        await findOrganization(db, scope.id),
        scope,
        await unreadCountOfMember(db, scope, unreadCountsOf),
      );
    },

    async patch(
      scope: OrganizationScope,
      input: PatchOrganizationRequest,
      actor: AuditActor,
    ): Promise<OrganizationDetail> {
      let supportPhone = input.support_phone;
      if (typeof supportPhone === 'string') {
        if (!isValidPhone(supportPhone))
          throw invalid('support_phone', 'Enter a 10-digit phone number (a leading +1 is allowed).');
        supportPhone = normalizePhone(supportPhone);
      }
      const next = {
        name: input.name,
        password_expiry_days: input.password_expiry_days,
        mfa_required: input.mfa_required,
        client_property_default: input.client_property_default,
        support_email: input.support_email,
        support_phone: supportPhone,
      };
      return db.transaction(async (tx) => {
        const before = await findOrganization(tx, scope.id);
        const changes = diffFields(
          {
            name: before.name,
            password_expiry_days: before.passwordExpiryDays,
            mfa_required: before.mfaRequired,
            client_property_default: before.clientPropertyDefault,
            support_email: before.supportEmail,
            support_phone: before.supportPhone,
          },
          next,
        );
        if (Object.keys(changes).length === 0)
          return detailOf(before, scope, await unreadCountOfMember(tx, scope, unreadCountsOf));
        const [updated] = await tx
          .update(organizations)
          .set({
            ...(next.name !== undefined ? { name: next.name } : {}),
            ...(next.password_expiry_days !== undefined
              ? { passwordExpiryDays: next.password_expiry_days }
              : {}),
            ...(next.mfa_required !== undefined ? { mfaRequired: next.mfa_required } : {}),
            ...(next.client_property_default !== undefined
              ? { clientPropertyDefault: next.client_property_default }
              : {}),
            ...(next.support_email !== undefined ? { supportEmail: next.support_email } : {}),
            ...(next.support_phone !== undefined ? { supportPhone: next.support_phone } : {}),
            updatedAt: now(),
          })
          .where(eq(organizations.id, scope.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'organization_updated',
          objectType: 'organization',
          objectGuid: scope.guid,
          organizationId: scope.id,
          changes,
        });
        return detailOf(updated ?? before, scope, await unreadCountOfMember(tx, scope, unreadCountsOf));
      });
    },

    /** The catalogue with labels, and the caller's effective permissions here (computed per request). */
    permissions(scope: OrganizationScope): PermissionCatalogue {
      return {
        catalogue: PERMISSION_VALUES.map((slug) => ({ slug, label: PERMISSION_LABELS[slug] })),
        role: scope.role,
        team_label: scope.teamLabel,
        effective_permissions: [...scope.permissions].filter(isPermission),
      };
    },
  };
}

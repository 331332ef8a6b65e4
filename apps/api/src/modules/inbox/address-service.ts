import type { ClientScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { inboxLocalPartOf, regenerateInboxLocalPart } from './addresses.ts';

/** A client's inbox address as shown and copied: `<local part>@<INBOUND_MAIL_DOMAIN>`. */
export function createInboxAddressService({ db, domain }: { db: Db; domain: string }) {
  const addressOf = (localPart: string) => ({ address: `${localPart}@${domain}` });
  return {
    /** The live address, made on first use. */
    async get(ctx: ServiceContext<ClientScope>) {
      return addressOf(await inboxLocalPartOf(db, ctx.scope.id));
    },

    /** Retires the live address (mail to it is refused from now on) and gives a new one, with its audit record. */
    async regenerate(ctx: ServiceContext<ClientScope>) {
      return db.transaction(async (tx) => {
        const before = await inboxLocalPartOf(tx, ctx.scope.id);
        const after = await regenerateInboxLocalPart(tx, ctx.scope.id, ctx.now);
        await recordAudit(tx, ctx.actor, {
          action: 'inbox_address_regenerated',
          objectType: 'client',
          objectGuid: ctx.scope.guid,
          organizationId: ctx.scope.organizationId,
          clientId: ctx.scope.id,
          changes: { inbox_address: { before: `${before}@${domain}`, after: `${after}@${domain}` } },
        });
        return addressOf(after);
      });
    },
  };
}

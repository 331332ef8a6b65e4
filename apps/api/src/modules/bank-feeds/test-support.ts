import type { TestApp } from '../../test/build-test-app.ts';
import type { Caller } from '../../test/org-admin.ts';
import {
  type ItemTemplate,
  type PlaidStandIn,
  STAND_IN_CLIENT_ID,
  STAND_IN_SECRET,
  startPlaidStandIn,
} from './plaid-stand-in-test-support.ts';

/** A Plaid stand-in with the test app pointed at it (the settings are read at each call). */
export async function plaidFor(t: TestApp): Promise<PlaidStandIn> {
  const plaid = await startPlaidStandIn();
  t.config.findata.plaid = {
    baseUrl: plaid.url,
    clientId: STAND_IN_CLIENT_ID,
    secret: STAND_IN_SECRET,
    webhookUrl: 'http://app.test/v1/integrations/aggregator/webhook',
    clientName: 'Bill Pay',
  };
  return plaid;
}

/** Links a bank for the client's entity through the API and the stand-in's consent; answers the item's guid. */
export async function linkBank(
  as: Caller,
  plaid: PlaidStandIn,
  clientGuid: string,
  entityGuid: string,
  template: ItemTemplate,
): Promise<string> {
  const setup = await as.post(
    `/v1/integrations/clients/${clientGuid}/entities/${entityGuid}/data-pipeline/setup`,
    {},
  );
  if (setup.statusCode !== 201) throw new Error(`setup: ${setup.body}`);
  plaid.nextItem(template);
  plaid.consent(setup.json().link_token);
  const done = await as.post(`/v1/integrations/clients/${clientGuid}/data-pipeline/complete`, {
    link_token: setup.json().link_token,
  });
  if (done.statusCode !== 201) throw new Error(`complete: ${done.body}`);
  return done.json().items[0].guid;
}

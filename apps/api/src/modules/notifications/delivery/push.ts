import type { DeliveryConfig } from '../../../platform/config.ts';
import { causeOf, DeliveryError, type PushSender, reasonOf } from './senders.ts';

type PushConfig = NonNullable<DeliveryConfig['push']>;

const TIMEOUT_MS = 30_000;

interface ExpoTicket {
  status?: unknown;
  id?: unknown;
  message?: unknown;
  details?: { error?: unknown } | null;
}

/**
 * Push through Expo's push API: POST a JSON list of {to, title, body, data}, optionally with an access
 * token. A ticket with status "error" is a failure; DeviceNotRegistered means the token is dead (the
 * runner deletes the device). Receipts (the second, asynchronous check) are not fetched.
 */
export function createExpoPushSender(config: PushConfig, fetchImpl: typeof fetch = fetch): PushSender {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(config.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.accessToken ? { authorization: `Bearer ${config.accessToken}` } : {}),
          },
          body: JSON.stringify([
            {
              to: message.to,
              title: message.title,
              body: message.body,
              data: message.data ?? {},
              sound: 'default',
            },
          ]),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`Push service unreachable: ${reasonOf(causeOf(error))}`);
      }
      const body = (await response.json().catch(() => null)) as {
        data?: ExpoTicket[] | ExpoTicket;
        errors?: { code?: unknown; message?: unknown }[];
      } | null;
      if (!response.ok) {
        const first = body?.errors?.[0];
        const detail = typeof first?.message === 'string' ? first.message : response.statusText;
        throw new DeliveryError(`Push service answered ${response.status}: ${detail}`);
      }
      const ticket = Array.isArray(body?.data) ? body.data[0] : body?.data;
      if (ticket?.status === 'ok') return { id: typeof ticket.id === 'string' ? ticket.id : null };
      const error = typeof ticket?.details?.error === 'string' ? ticket.details.error : null;
      const detail = typeof ticket?.message === 'string' ? ticket.message : 'no ticket in the answer';
      throw new DeliveryError(`Push ticket error${error ? ` ${error}` : ''}: ${detail}`, {
        deviceNotRegistered: error === 'DeviceNotRegistered',
        permanent: error === 'DeviceNotRegistered',
      });
    },
  };
}

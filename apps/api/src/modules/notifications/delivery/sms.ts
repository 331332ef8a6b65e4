import type { DeliveryConfig } from '../../../platform/config.ts';
import { causeOf, DeliveryError, reasonOf, type SmsSender } from './senders.ts';

type SmsConfig = NonNullable<DeliveryConfig['sms']>;

const TIMEOUT_MS = 30_000;

/**
 * Text messages through an HTTP API in the shape of Twilio's (method value `sms_twilio`):
 * POST {base}/2010-04-01/Accounts/{sid}/Messages.json, basic auth sid:token, form fields To, From, Body;
 * 201 with a JSON `sid` is success. A 400 (Twilio's "invalid number" family) is permanent; anything else
 * (401 with wrong credentials, 429, 5xx, no answer) is retried.
 */
export function createTwilioSmsSender(config: SmsConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`SMS provider unreachable: ${reasonOf(causeOf(error))}`);
      }
      const body = (await response.json().catch(() => null)) as {
        sid?: unknown;
        message?: unknown;
        code?: unknown;
      } | null;
      if (response.ok && typeof body?.sid === 'string') return { id: body.sid };
      if (response.ok)
        throw new DeliveryError(`SMS provider answered ${response.status} without a message sid`);
      const detail = typeof body?.message === 'string' ? body.message : response.statusText;
      const code =
        typeof body?.code === 'number' || typeof body?.code === 'string' ? ` (code ${body.code})` : '';
      throw new DeliveryError(`SMS provider answered ${response.status}: ${detail}${code}`, {
        permanent: response.status === 400,
      });
    },
  };
}

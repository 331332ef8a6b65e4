import type { DeliveryConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db.ts';
import type { JobQueue } from '../../../platform/jobs/index.ts';
import { createExpoPushSender } from './push.ts';
import { deliveryQueue } from './queue.ts';
import { createDeliveryRunner, type DeliveryLog } from './runner.ts';
import type { Senders } from './senders.ts';
import { createTwilioSmsSender } from './sms.ts';
import { createSmtpSender } from './smtp.ts';

export { DELIVERY_QUEUE, deliveryQueue } from './queue.ts';
export { createDeliveryRunner, type DeliveryRunner, type RunSummary } from './runner.ts';
export type { EmailSender, PushSender, Senders, SmsSender } from './senders.ts';

/** The senders of the configured channels; the others stay absent ("not configured"). */
export function sendersFromConfig(config: DeliveryConfig): Senders {
  return {
    email: config.smtp ? createSmtpSender(config.smtp) : undefined,
    sms: config.sms ? createTwilioSmsSender(config.sms) : undefined,
    push: config.push ? createExpoPushSender(config.push) : undefined,
  };
}

/** The delivery queue the server registers on the job runner (server.ts); tests drive createDeliveryRunner. */
export function deliveryQueueFor(options: {
  db: Db;
  config: DeliveryConfig;
  now: () => Date;
  log: DeliveryLog;
}): JobQueue<Record<string, never>> {
  const delivery = createDeliveryRunner({
    db: options.db,
    now: options.now,
    senders: sendersFromConfig(options.config),
    log: options.log,
  });
  return deliveryQueue(delivery, options.config.pollMs / 1000);
}

/** One line for the start-up banner: which channels deliver and which wait in the outbox. */
export function describeDelivery(config: DeliveryConfig): string {
  const on = (set: unknown, name: string) => `${name} ${set ? 'on' : 'not configured'}`;
  return [on(config.smtp, 'e-mail'), on(config.sms, 'text messages'), on(config.push, 'push')].join(', ');
}

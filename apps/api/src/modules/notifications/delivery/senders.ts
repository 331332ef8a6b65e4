/*
 * One interface per channel (decision 011). A sender either resolves (the provider accepted the message)
 * or throws a DeliveryError whose message is safe to store and log: it names the provider's answer,
 * never a credential or the message body.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  body: string;
}

export interface PushMessage {
  /** An Expo push token, ExponentPushToken[...]. */
  to: string;
  title: string;
  body: string;
  data?: Record<string, unknown>;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  /** Resolves with the provider's message id. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

export interface PushSender {
  /** Resolves with the provider's ticket id. */
  send(message: PushMessage): Promise<{ id: string | null }>;
}

/** The configured channels; an absent one is "not configured" and its messages wait in the outbox. */
export interface Senders {
  email?: EmailSender | undefined;
  sms?: SmsSender | undefined;
  push?: PushSender | undefined;
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly options: {
      /** Retrying cannot help (an invalid number): the message is marked failed at once. */
      permanent?: boolean;
      /** The push token is no longer valid: its device row is deleted and the message marked failed. */
      deviceNotRegistered?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Longest reason stored in last_error. */
export const MAX_REASON_LENGTH = 500;

/** A storable reason for any thrown value: its message (with an error code such as ECONNREFUSED), shortened. */
export function reasonOf(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && !message.includes(code)) message = `${message} (${code})`;
  return message.replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_LENGTH) || 'Unknown delivery error';
}

/** fetch wraps network failures (ECONNREFUSED) in a TypeError whose cause says what happened. */
export function causeOf(error: unknown): unknown {
  return error instanceof Error && error.cause ? error.cause : error;
}

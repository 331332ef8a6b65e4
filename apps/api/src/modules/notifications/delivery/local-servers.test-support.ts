import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * Real servers on 127.0.0.1 and random ports for the delivery tests: an SMTP server (smtp-server) and
 * plain HTTP servers standing in for the SMS provider and Expo. Nothing is mocked inside the process.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | null;
  raw: string;
}

export interface LocalSmtp {
  port: number;
  received: ReceivedMail[];
  /** While set, every message is refused with this SMTP reply. */
  refuseWith: { code: number; message: string } | null;
  close(): Promise<void>;
}

export async function startSmtpServer(auth?: { user: string; pass: string }): Promise<LocalSmtp> {
  const state: LocalSmtp = {
    port: 0,
    received: [],
    refuseWith: null,
    close: () => new Promise((done) => server.close(() => done())),
  };
  const server = new SMTPServer({
    secure: false,
    logger: false,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass)
        return callback(null, { user: login.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseWith) {
          const error = Object.assign(new Error(state.refuseWith.message), {
            responseCode: state.refuseWith.code,
          });
          return callback(error);
        }
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  state.port = (server.server.address() as AddressInfo).port;
  return state;
}

/** A port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', () => done()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** The decoded parts of a MIME message: headers of the top level, text and html bodies. */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
  const body = rest.join('\n\n');
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\n\n${body}`];
  const partOf = (type: string) => {
    const part = parts.find((p) => new RegExp(`Content-Type: ${type}`, 'i').test(p));
    if (!part) return '';
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = partBody.join('\n\n').replace(/\r?\n$/, '');
    if (/Content-Transfer-Encoding: quoted-printable/i.test(partHead)) {
      const bytes = content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    if (/Content-Transfer-Encoding: base64/i.test(partHead))
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    return content;
  };
  return {
    subject: decodeHeader(subject),
    text: partOf('text/plain').replace(/\r\n/g, '\n'),
    html: partOf('text/html'),
  };
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalHttp {
  url: string;
  requests: RecordedRequest[];
  /** How each request is answered; a test may swap it between steps. */
  answer: (request: RecordedRequest) => { status: number; body: unknown };
  close(): Promise<void>;
}

/** An HTTP server that records each request and answers with `answer`. */
export async function startHttpServer(answer: LocalHttp['answer']): Promise<LocalHttp> {
  const state: LocalHttp = {
    url: '',
    requests: [],
    answer,
    close: () => new Promise((done) => server.close(() => done())),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(recorded);
      const { status, body } = state.answer(recorded);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

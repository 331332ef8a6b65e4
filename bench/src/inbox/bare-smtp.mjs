// The baseline of the SMTP ingest benchmark: a bare smtp-server that reads each message, writes its bytes
// to a file and answers 250, with the receiver's own settings and nothing else (no database, no parsing).
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = mkdtempSync(join(tmpdir(), 'bp-bench-bare-smtp-'));
let n = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  size: 25 * 1024 * 1024,
  logger: false,
  onData(stream, _session, callback) {
    const out = createWriteStream(join(dir, `${++n}.eml`));
    stream.pipe(out);
    out.on('finish', () => callback(null, 'Accepted.'));
  },
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

import type { FastifyReply } from 'fastify';

/** `attachment; filename*=UTF-8''<name>` with the name percent-encoded per RFC 5987. */
export function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** A stored file answered as a download under its own name (bill attachments, documents, inbox files). */
export function sendStoredFile(reply: FastifyReply, file: { name: string; mimeType: string; data: Buffer }) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', attachmentDisposition(file.name))
    .send(file.data);
}

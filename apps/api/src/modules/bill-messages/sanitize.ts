import sanitizeHtml from 'sanitize-html';

/**
 * What an HTML message may contain: paragraphs, line breaks, emphasis, lists and links to web or
 * mail addresses. Everything else goes: scripts and styles with their content, iframes, event
 * handlers, style attributes, and javascript:/data: links. Text of other tags is kept.
 */
const MESSAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'i', 'em', 'strong', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open outside the app and give the target page no handle on it.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, MESSAGE_HTML).trim();
}

import type sanitizeHtml from 'sanitize-html';
import { loadSanitizeHtml } from '../../platform/lazy-libraries.ts';

/**
 * What an HTML message may contain: paragraphs, line breaks, emphasis, lists and links to web or
 * mail addresses. Everything else goes: scripts and styles with their content, iframes, event
 * handlers, style attributes, and javascript:/data: links. Text of other tags is kept.
 * sanitize-html (with htmlparser2 and postcss) loads on the first HTML message, not at start (decision 042).
 */
function messageHtml(library: typeof sanitizeHtml): sanitizeHtml.IOptions {
  return {
    allowedTags: ['p', 'br', 'b', 'i', 'em', 'strong', 'ul', 'ol', 'li', 'a'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // Links open outside the app and give the target page no handle on it.
      a: library.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  };
}

let options: sanitizeHtml.IOptions | undefined;

export async function sanitizeMessageHtml(html: string): Promise<string> {
  const library = await loadSanitizeHtml();
  options ??= messageHtml(library);
  return library(html, options).trim();
}

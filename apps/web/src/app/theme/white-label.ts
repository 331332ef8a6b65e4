import type { AccessClaims, ClientSummary, WhiteLabelOptions } from '@bp/contracts';
import { HOME_PATHS, isUnder } from '../../session/paths.ts';

export const MAIN_LOGO_LABEL = 'main_logo';

/**
 * The white label in force (DESIGN.md §7): the selected client's referrer look, on client screens only,
 * never on the wealth advisor dashboard.
 */
export function whiteLabelFor(
  claims: AccessClaims | null,
  client: ClientSummary | null,
  pathname: string,
): WhiteLabelOptions | null {
  if (claims?.type !== 'client' || !client?.client_referrer?.white_label_enabled) return null;
  if (isUnder(pathname, HOME_PATHS.advisor)) return null;
  return client.client_referrer.options;
}

export function mainLogoOf(options: WhiteLabelOptions | null): string | null {
  const logo = options?.logos?.find((item) => item.label === MAIN_LOGO_LABEL)?.value;
  return logo?.trim() ? logo : null;
}

// MUI throws on colour strings it cannot parse; a referrer's typo must not take the app down.
const COLOUR = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgb|rgba|hsl|hsla)\([^()]*\))$/i;

export function isUsableColour(value: string | undefined): value is string {
  return value !== undefined && COLOUR.test(value.trim());
}

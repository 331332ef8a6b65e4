import type { ClientUser } from '@bp/contracts';

/** 'Claire Harper', or the e-mail when the invitation has no names yet. */
export function fullNameOf(user: ClientUser): string {
  const name = `${user.user.first_name} ${user.user.last_name}`.trim();
  return name || user.user.email;
}

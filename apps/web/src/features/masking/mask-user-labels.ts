import type { MaskUser } from '@bp/contracts';

const TYPE_LABELS: Record<MaskUser['type'], string> = {
  bporg: 'Organization user',
  client: 'Client user',
};

export function userTypeLabel(type: MaskUser['type']): string {
  return TYPE_LABELS[type];
}

export function fullName(user: Pick<MaskUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

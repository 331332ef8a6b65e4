import type { Entity } from '@bp/contracts';
import { formatMoney, paymentThresholdToPercent } from '@bp/domain';

export const OFF = 'Off';

/** '5.500%' when auto-approve is on, 'Off' when the threshold is null. */
export function autoApproveCell(entity: Entity): string {
  return entity.allowable_payment_threshold === null
    ? OFF
    : `${paymentThresholdToPercent(entity.allowable_payment_threshold)}%`;
}

/** A threshold behind a flag: 'Off', 'Every bill' at 0, else the amount. */
export function flaggedThresholdCell(on: boolean, cents: number): string {
  if (!on) return OFF;
  return cents === 0 ? 'Every bill' : `Above ${formatMoney(cents)}`;
}

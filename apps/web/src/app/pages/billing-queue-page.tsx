import { BILLING_QUEUE_VALUES, type BillingQueue } from '@bp/domain';
import { Navigate, useParams } from 'react-router';
import { BillingQueuesPage } from '../../features/bills/queues/index.ts';

export const FIRST_BILLING_QUEUE_PATH = `/billing/${BILLING_QUEUE_VALUES[0]}`;

const isQueue = (value: string | undefined): value is BillingQueue =>
  (BILLING_QUEUE_VALUES as readonly string[]).includes(value ?? '');

/** /billing/{queue}: one of the eight queues of SPEC.md §2; anything else opens the first. */
export function BillingQueuePage() {
  const { queue } = useParams();
  if (!isQueue(queue)) return <Navigate to={FIRST_BILLING_QUEUE_PATH} replace />;
  return <BillingQueuesPage key={queue} queue={queue} />;
}

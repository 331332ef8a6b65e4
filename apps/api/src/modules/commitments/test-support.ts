import type { Commitment, CreateCommitmentRequest } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { commitmentInstances } from './tables.ts';

/** Commitment test kit: the bill kit's people and books, plus commitment URLs and requests. */
export function commitmentKit(t: TestApp) {
  const k = workflowKit(t);

  async function urls() {
    const b = await k.books();
    const base = `/v1/billing/clients/${b.client.guid}/commitments`;
    return {
      ...b,
      commitments: base,
      commitment: (id: number) => `${base}/${id}`,
      orgCommitments: `/v1/billing/organizations/${b.org.guid}/commitments`,
      /** A valid monthly commitment on the legal entity: electricity from Pacific Power, $150 on the 15th. */
      create(overrides: Partial<CreateCommitmentRequest> = {}): CreateCommitmentRequest {
        return {
          entity: b.legal.guid,
          vendor: b.power.guid,
          category: 'utilities',
          frequency: 'monthly',
          expected_amount: 15_000,
          due_day: 15,
          start_date: '2026-01-01',
          payment_method: 'ach',
          account: b.electricity.guid,
          division: b.mainResidence.guid,
          memo: 'Electricity',
          ...overrides,
        };
      },
    };
  }

  async function instanceCount(commitmentId: number) {
    const rows = await t.deps.database.db
      .select({ id: commitmentInstances.id })
      .from(commitmentInstances)
      .where(eq(commitmentInstances.commitmentId, commitmentId));
    return rows.length;
  }

  /** Creates a commitment as the associate and answers it. */
  async function enter(overrides: Partial<CreateCommitmentRequest> = {}): Promise<Commitment> {
    const u = await urls();
    const associate = await k.as('associate@demo.test');
    const res = await associate.post(u.commitments, u.create(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Commitment;
  }

  return { ...k, urls, enter, instanceCount };
}

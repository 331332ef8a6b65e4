import type { OnboardingChecklist } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  backends,
  bearer,
  login,
  type TestApp,
  useTestApp,
} from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';
import { vendors } from '../entities/tables.ts';
import { auditOf, caller, demoClient } from '../entities/test-support.ts';
import { organizations } from '../organizations/tables.ts';
import { onboardingProgressOf } from './index.ts';

const statusOf = (checklist: OnboardingChecklist, anchor: string) =>
  checklist.steps.find((s) => s.anchor === anchor)?.status;

async function uploadDocument(t: TestApp, url: string, tokens: Awaited<ReturnType<typeof login>>) {
  const boundary = '----onboarding';
  return t.app.inject({
    method: 'POST',
    url: `${url}/documents`,
    headers: { ...bearer(tokens), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trust.pdf"\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`,
  });
}

// One app per backend; the tests run in order over the same data: the access checks first, then Okafor
// Family (not onboarded in the seed) is filled by its own user, refused, completed and listed.
describe.each(backends)('the onboarding checklist (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('keeps other tenants out (404) and read-only audiences from writing (403)', async () => {
    const okafor = await demoClient(t, 'Okafor Family');
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const otherClient = caller(t, await login(t.app, 'client@demo.test'));
    expect((await otherClient('GET', `${okafor.accounts}/onboarding`)).statusCode).toBe(404);
    expect(
      (await otherClient('PATCH', `${okafor.accounts}/onboarding`, { last_anchor: 'docs' })).statusCode,
    ).toBe(404);

    const advisor = caller(t, await login(t.app, 'advisor@demo.test'));
    // Not linked to Lindqvist Trust.
    expect((await advisor('GET', `${lindqvist.accounts}/onboarding`)).statusCode).toBe(404);
    // Linked to Okafor Family: reads, never writes.
    const seen = await advisor('GET', `${okafor.accounts}/onboarding`);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as OnboardingChecklist).can_edit).toBe(false);
    const refused = await advisor('PUT', `${okafor.accounts}/onboarding/answers/initial`, {
      goals: 'x',
      monthly_bill_count: 1,
      preferred_contact: 'email',
    });
    expect(refused.statusCode).toBe(403);
    expect((await advisor('POST', `${okafor.accounts}/onboarding/submit`)).statusCode).toBe(403);
    expect((await advisor('GET', `${okafor.accounts}/onboarding/team`)).statusCode).toBe(200);

    const observer = caller(t, await login(t.app, 'observer@demo.test'));
    expect((await observer('GET', `${harper.accounts}/onboarding`)).json().can_edit).toBe(false);
    expect(
      (await observer('PATCH', `${harper.accounts}/onboarding`, { last_anchor: 'docs' })).statusCode,
    ).toBe(403);
    expect(
      (
        await observer('POST', `${harper.accounts}/onboarding/tax-forms`, {
          form_type: 'k_1',
          issuer: 'Fund LP',
        })
      ).statusCode,
    ).toBe(403);

    const family = caller(t, await login(t.app, 'family@demo.test'));
    expect((await family('GET', `${lindqvist.accounts}/onboarding`)).json().can_edit).toBe(false);
  });

  it('computes every step from the saved records, autosaves the position and resumes there', async () => {
    const okafor = await demoClient(t, 'Okafor Family');
    const nia = caller(t, await login(t.app, 'newclient@demo.test'));
    const first = (await nia('GET', `${okafor.accounts}/onboarding`)).json() as OnboardingChecklist;
    expect(first.can_edit).toBe(true);
    expect(first.steps.map((s) => [s.anchor, s.step_id])).toEqual([
      ['initial', null],
      ['client_details', null],
      ['it', null],
      ['prelim', 8],
      ['entities', 9],
      ['commitment', null],
      ['other', null],
      ['docs', null],
      ['team', null],
      ['contacts', 50],
      ['banks', 51],
      ['properties', 48],
      ['app_users', 49],
      ['summary', 52],
    ]);
    // The seed gave Okafor two entities, staff, a property, a contact, a bank; nothing else yet.
    expect(first.steps.find((s) => s.anchor === 'entities')).toMatchObject({ status: 'done', records: 2 });
    expect(statusOf(first, 'team')).toBe('done');
    expect(statusOf(first, 'client_details')).toBe('done');
    expect(statusOf(first, 'docs')).toBe('not_started');
    expect(statusOf(first, 'app_users')).toBe('not_started');
    expect(first.current_anchor).toBe('initial');
    expect(first.unfinished_required).toEqual(['initial', 'commitment', 'docs', 'app_users']);
    expect(first.progress).toEqual({ completed_steps: 6, total_steps: 14, status: 'in_progress' });
    // The one-query progress for lists agrees with the checklist.
    const progress = await onboardingProgressOf(t.deps.database.db, [okafor.client.id]);
    expect(progress.get(okafor.client.id)).toEqual({
      completedSteps: 6,
      totalSteps: 14,
      status: 'in_progress',
    });

    const visited = await nia('PATCH', `${okafor.accounts}/onboarding`, { last_anchor: 'docs' });
    expect(visited.statusCode).toBe(200);
    // A required step opened and left empty needs attention; the checklist resumes on it.
    const back = (await nia('GET', `${okafor.accounts}/onboarding`)).json() as OnboardingChecklist;
    expect(back.last_anchor).toBe('docs');
    expect(back.current_anchor).toBe('docs');
    expect(statusOf(back, 'docs')).toBe('needs_attention');
    expect((await nia('PATCH', `${okafor.accounts}/onboarding`, { last_anchor: 'nowhere' })).statusCode).toBe(
      400,
    );
  });

  it('refuses a submit with the unfinished steps, then completes once they are saved', async () => {
    const okafor = await demoClient(t, 'Okafor Family');
    const tokens = await login(t.app, 'newclient@demo.test');
    const nia = caller(t, tokens);
    const early = await nia('POST', `${okafor.accounts}/onboarding/submit`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ unfinished_steps: ['initial', 'commitment', 'docs', 'app_users'] });

    // initial: validated answers.
    const bad = await nia('PUT', `${okafor.accounts}/onboarding/answers/initial`, {
      goals: '',
      monthly_bill_count: -1,
      preferred_contact: 'fax',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['goals', 'monthly_bill_count', 'preferred_contact']);
    const initial = await nia('PUT', `${okafor.accounts}/onboarding/answers/initial`, {
      goals: 'Pay the household bills on time',
      monthly_bill_count: 25,
      preferred_contact: 'email',
    });
    expect(initial.statusCode).toBe(200);
    expect(statusOf(initial.json(), 'initial')).toBe('done');
    expect((await auditOf(t, okafor.client.guid, 'onboarding_answers_saved')).length).toBe(1);

    // it and prelim: optional questionnaire steps, saved the same way.
    const it = await nia('PUT', `${okafor.accounts}/onboarding/answers/it`, {
      email_provider: 'Fastmail',
      uses_password_manager: true,
    });
    expect(statusOf(it.json(), 'it')).toBe('done');
    const prelim = await nia('PUT', `${okafor.accounts}/onboarding/answers/prelim`, {
      current_bill_payer: 'Nia',
      bank_count: 2,
    });
    expect(prelim.json().answers.prelim).toEqual({ current_bill_payer: 'Nia', bank_count: 2 });
    expect(prelim.json().answers.it).toMatchObject({
      email_provider: 'Fastmail',
      uses_password_manager: true,
    });
    expect(
      (await nia('PUT', `${okafor.accounts}/onboarding/answers/prelim`, { current_bill_payer: 'Nia' }))
        .statusCode,
    ).toBe(400);

    const details = await nia('PATCH', `${okafor.accounts}/onboarding/client-details`, {
      primary_contact: 'Nia Okafor',
      has_properties: true,
    });
    expect(details.json().client).toMatchObject({ primary_contact: 'Nia Okafor', has_properties: true });

    // other: tax forms are records of their own.
    const form = await nia('POST', `${okafor.accounts}/onboarding/tax-forms`, {
      form_type: 'k_1',
      issuer: 'Blue Fund LP',
    });
    expect(form.statusCode).toBe(201);
    const spare = await nia('POST', `${okafor.accounts}/onboarding/tax-forms`, {
      form_type: 'payroll',
      issuer: 'Nanny payroll',
    });
    expect(
      (await nia('DELETE', `${okafor.accounts}/onboarding/tax-forms/${spare.json().guid}`)).statusCode,
    ).toBe(204);
    const forms = (await nia('GET', `${okafor.accounts}/onboarding/tax-forms`)).json();
    expect(forms.results.map((f: { issuer: string }) => f.issuer)).toEqual(['Blue Fund LP']);

    // entities and commitment: the client adds its own while onboarding is open.
    const entity = await nia('POST', `${okafor.accounts}/onboarding/entities`, {
      kind: 'legal_entity',
      nickname: 'Okafor Rentals LLC',
    });
    expect(entity.statusCode).toBe(201);
    const [vendor] = await t.deps.database.db
      .select({ guid: vendors.guid })
      .from(vendors)
      .where(eq(vendors.entityId, okafor.legal.id));
    const commitment = await nia('POST', `${okafor.accounts}/onboarding/commitments`, {
      entity: okafor.legal.guid,
      vendor: vendor?.guid,
      category: 'utilities',
      frequency: 'monthly',
      expected_amount: 12_500,
      due_day: 15,
      start_date: '2026-01-15',
      payment_method: 'ach',
    });
    expect(commitment.statusCode).toBe(201);

    // docs and app_users go through their own modules' routes.
    expect((await uploadDocument(t, okafor.accounts, tokens)).statusCode).toBe(201);
    const invited = await nia('POST', `${okafor.accounts}/user-invitations`, {
      email: 'spouse.okafor@example.test',
      first_name: 'Obi',
      last_name: 'Okafor',
      role: 'designee',
      client_relation: 'significant_other_spouse',
    });
    expect(invited.statusCode).toBe(201);

    const done = await nia('POST', `${okafor.accounts}/onboarding/submit`);
    expect(done.statusCode).toBe(200);
    const checklist = done.json() as OnboardingChecklist;
    expect(checklist.client.is_onboarding_completed).toBe(true);
    expect(checklist.unfinished_required).toEqual([]);
    expect(checklist.progress.status).toBe('completed');
    expect(statusOf(checklist, 'summary')).toBe('done');
    expect((await auditOf(t, okafor.client.guid, 'client_onboarding_completed')).length).toBe(1);
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.id, okafor.client.id));
    expect(row?.isOnboardingCompleted).toBe(true);
    // Submitting again changes nothing; the records are the organisation's to keep now.
    expect((await nia('POST', `${okafor.accounts}/onboarding/submit`)).statusCode).toBe(200);
    expect((await auditOf(t, okafor.client.guid, 'client_onboarding_completed')).length).toBe(1);
    const late = await nia('POST', `${okafor.accounts}/onboarding/entities`, {
      kind: 'legal_entity',
      nickname: 'Too Late LLC',
    });
    expect(late.statusCode).toBe(403);
  });

  it("shows staff each client's progress in the clients list and filters by it", async () => {
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const [org] = await t.deps.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Demo Family Office'));
    const list = `/v1/accounts/organizations/${org?.guid}/clients`;
    const all = (await manager('GET', list)).json();
    const okafor = all.results.find((c: { name: string }) => c.name === 'Okafor Family');
    expect(okafor.onboarding_progress).toMatchObject({ status: 'completed', total_steps: 14 });
    const completed = (await manager('GET', `${list}?onboarding=completed`)).json();
    expect(completed.results.map((c: { name: string }) => c.name)).toContain('Okafor Family');
    expect(
      completed.results.every((c: { is_onboarding_completed: boolean }) => c.is_onboarding_completed),
    ).toBe(true);

    // A new client with nothing saved is not started; one detail saved puts it in progress.
    const created = await manager('POST', list, { name: 'Zephyr Family' });
    expect(created.statusCode).toBe(201);
    const notStarted = (await manager('GET', `${list}?onboarding=not_started`)).json();
    expect(notStarted.results.map((c: { name: string }) => c.name)).toEqual(['Zephyr Family']);
    expect(notStarted.results[0].onboarding_progress).toEqual({
      completed_steps: 0,
      total_steps: 14,
      status: 'not_started',
    });
    const zephyr = created.json().guid as string;
    await manager('PATCH', `/v1/accounts/clients/${zephyr}/onboarding/client-details`, {
      primary_contact: 'Zoe Zephyr',
      has_properties: false,
    });
    const inProgress = (await manager('GET', `${list}?onboarding=in_progress`)).json();
    expect(inProgress.results.map((c: { name: string }) => c.name)).toContain('Zephyr Family');
    expect((await manager('GET', `${list}?onboarding=not_started`)).json().count).toBe(0);

    // The team step's default levels and the client's assigned staff.
    const team = (await manager('GET', `/v1/accounts/clients/${zephyr}/onboarding/team`)).json();
    expect(team.results).toEqual([]);
    const defaults = (await manager('GET', '/v1/versions/config/default_onboarding_team')).json();
    expect(defaults.results.map((l: { team_label: string }) => l.team_label)).toEqual([
      'Associate',
      'Lead',
      'Manager',
    ]);
    const harper = await demoClient(t, 'Harper Household');
    const harperTeam = (await manager('GET', `${harper.accounts}/onboarding/team`)).json();
    expect(harperTeam.results.length).toBeGreaterThan(0);
    expect(harperTeam.results[0]).toHaveProperty('team_label');
  });
});

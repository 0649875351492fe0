import { describe, expect, it } from 'vitest';
import { maskIdNumber } from '../../../src/contract/certification';
import {
  CERTIFICATION_REQUESTED,
  certificationLifecycle,
  certificationStateOf,
  type CertificationCommand,
  type CertificationSnapshot,
} from '../../../src/machines/lifecycles/certificationLifecycle';
import {
  certificationMachine,
  isValidCertificationReason,
} from '../../../src/machines/lifecycles/certificationMachine';
import { certificationProblems } from '../../../src/machines/lifecycles/certificationRules';
import { idCardCheckDigit } from '../../../src/machines/lifecycles/supplierProfile';
import { allowed, decide, evolve, replay, type Command } from '../../../src/machines/lifecycles/lifecycle';
import { describeLifecycleProperties, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const APPLICANT = 7;
const REVIEWER = 1;
const request = { applicantId: APPLICANT, realName: '李敏', idNumber: '3301**********2125' };

/** Who acts is fed by the server (its actor) and the console (its viewer). */
const as = (s: CertificationSnapshot, actorId: number | null) =>
  certificationMachine.resolveState({
    value: s.value,
    context: { ...s.context, actorId },
  }) as CertificationSnapshot;

const start = (actorId: number | null = REVIEWER) =>
  as(certificationLifecycle.start(request) as CertificationSnapshot, actorId);

const approve: CertificationCommand = { type: 'certification.approve' };
const reject = (reason: string): CertificationCommand => ({ type: 'certification.reject', reason });
const withdraw: CertificationCommand = { type: 'certification.withdraw' };

/** Applies `command` as `actorId`, or throws with the refusal. */
function after(s: CertificationSnapshot, command: CertificationCommand, actorId: number) {
  const d = decide(certificationLifecycle, as(s, actorId), command);
  if (!d.accepted) throw new Error(d.message);
  return d.facts.reduce((x, f) => evolve(certificationLifecycle, x, f), s) as CertificationSnapshot;
}

const refusal = (s: CertificationSnapshot, c: CertificationCommand, actorId: number | null) => {
  const d = decide(certificationLifecycle, as(s, actorId), c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('certification.reason.', '');
};

// Every path: reviewed by someone else, and the applicant withdrawing (`by` comes from who is fed as acting).
const commands = (): Command[] => [approve, reject('Name does not match'), reject(''), withdraw];
describeMachinePaths(certificationMachine, {
  input: { ...request, actorId: REVIEWER },
  events: (s) => [
    ...walkFacts(certificationLifecycle, commands)(s),
    { type: 'CertificationWithdrawn', data: { by: APPLICANT } },
  ],
});

describe('certification lifecycle', () => {
  it('a request starts under review and an administrator other than the applicant certifies it', () => {
    expect(certificationStateOf(start())).toBe('reviewing');
    const done = after(start(), approve, REVIEWER);
    expect(certificationStateOf(done)).toBe('certified');
    expect(done.context.reviewedBy).toBe(REVIEWER);
    expect(done.context.rejectReason).toBeNull();
  });

  it('nobody reviews their own request: approve and reject are refused for the applicant', () => {
    expect(refusal(start(), approve, APPLICANT)).toBe('ownRequest');
    expect(refusal(start(), reject('no'), APPLICANT)).toBe('ownRequest');
    // Nor an unknown actor (the rule needs to know who reviews).
    expect(refusal(start(), approve, null)).toBe('ownRequest');
  });

  it('a rejection keeps its reason, trimmed, and needs one of 1 to 200 characters', () => {
    const done = after(start(), reject('  Name does not match  '), REVIEWER);
    expect(certificationStateOf(done)).toBe('rejected');
    expect(done.context.rejectReason).toBe('Name does not match');
    expect(done.context.reviewedBy).toBe(REVIEWER);
    expect(refusal(start(), reject('   '), REVIEWER)).toBe('reasonRequired');
    expect(refusal(start(), reject('字'.repeat(200)), REVIEWER)).toBe('accepted');
    expect(refusal(start(), reject('字'.repeat(201)), REVIEWER)).toBe('reasonRequired');
    expect(isValidCertificationReason(undefined)).toBe(false);
    // Counted without the spaces around it.
    expect(isValidCertificationReason('   ')).toBe(false);
    expect(isValidCertificationReason(` ${'字'.repeat(200)} `)).toBe(true);
  });

  it('stores a rejection’s reason trimmed, and names the state in a refusal’s words', () => {
    const d = decide(certificationLifecycle, start(), reject('  Blurred photo  '));
    expect(d.accepted && d.facts).toEqual([
      { type: 'CertificationRejected', data: { by: REVIEWER }, reason: 'Blurred photo' },
    ]);
    const missing = { type: 'certification.reject' } as unknown as CertificationCommand;
    expect(refusal(start(), missing, REVIEWER)).toBe('reasonRequired');
    const refused = decide(certificationLifecycle, as(start(), APPLICANT), approve);
    expect(!refused.accepted && refused.message).toContain('under review');
  });

  it('only the applicant withdraws, and only while under review', () => {
    expect(refusal(start(), withdraw, REVIEWER)).toBe('notApplicant');
    const gone = after(start(), withdraw, APPLICANT);
    expect(certificationStateOf(gone)).toBe('withdrawn');
    expect(gone.context.reviewedBy).toBeNull();
    expect(refusal(gone, withdraw, APPLICANT)).toBe('reviewed');
  });

  it('certified, rejected and withdrawn are final', () => {
    const finals = [
      after(start(), approve, REVIEWER),
      after(start(), reject('no'), REVIEWER),
      after(start(), withdraw, APPLICANT),
    ];
    for (const s of finals)
      for (const c of [approve, reject('again'), withdraw]) {
        expect(refusal(s, c, REVIEWER)).toBe('reviewed');
        expect(refusal(s, c, APPLICANT)).toBe('reviewed');
      }
  });

  it('a button asks the policy first, then the rule: staff never review; an admin never reviews their own', () => {
    expect(allowed(certificationLifecycle, start(REVIEWER), 'certification.approve', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(certificationLifecycle, start(REVIEWER), 'certification.approve', 'admin').ok).toBe(true);
    // Before a reason is typed, a reviewer may reject (the dialog then asks for the reason).
    expect(allowed(certificationLifecycle, start(REVIEWER), 'certification.reject', 'admin').ok).toBe(true);
    expect(allowed(certificationLifecycle, start(APPLICANT), 'certification.approve', 'admin')).toEqual({
      ok: false,
      reasonKey: 'certification.reason.ownRequest',
    });
    expect(allowed(certificationLifecycle, start(APPLICANT), 'certification.withdraw', 'user').ok).toBe(true);
  });

  it('a replay of the stored facts gives the live state, even after the reviewer rule is tightened', () => {
    const live = after(start(), reject('Blurred photo'), REVIEWER);
    const facts = [
      { type: CERTIFICATION_REQUESTED, data: request },
      { type: 'CertificationRejected', data: { by: REVIEWER }, reason: 'Blurred photo' },
    ];
    const replayed = replay(certificationLifecycle, facts) as CertificationSnapshot;
    expect(replayed.value).toBe(live.value);
    expect({ ...replayed.context, actorId: null }).toEqual({ ...live.context, actorId: null });
    // A fact the machine's rules would refuse today (a self-review stored under an older rule) still replays.
    const old = replay(certificationLifecycle, [
      { type: CERTIFICATION_REQUESTED, data: request },
      { type: 'CertificationApproved', data: { by: APPLICANT } },
    ]) as CertificationSnapshot;
    expect(certificationStateOf(old)).toBe('certified');
  });
});

describe('certification request rules', () => {
  const TODAY = '2026-11-27';
  const problems = (values: { real_name: string; id_number: string }) => certificationProblems(values, TODAY);
  const valid = (first17: string) => first17 + idCardCheckDigit(first17);
  const id = valid('33010619900307212');

  it('accepts a name of 2 to 30 characters and a valid ID number, trimmed and in either case', () => {
    expect(problems({ real_name: ' 李敏 ', id_number: ` ${id.toLowerCase()} ` })).toEqual({});
    expect(problems({ real_name: '字'.repeat(30), id_number: id })).toEqual({});
  });

  it('names each broken rule by its field', () => {
    expect(problems({ real_name: ' ', id_number: '' })).toEqual({
      real_name: 'nameRequired',
      id_number: 'idRequired',
    });
    expect(problems({ real_name: '李', id_number: id }).real_name).toBe('nameLength');
    expect(problems({ real_name: '字'.repeat(31), id_number: id }).real_name).toBe('nameLength');
    expect(problems({ real_name: '李敏', id_number: id.slice(0, 17) }).id_number).toBe('idFormat');
    // 30 February is no birth date.
    expect(problems({ real_name: '李敏', id_number: valid('33010619900230212') }).id_number).toBe('idFormat');
    const wrong = id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
    expect(problems({ real_name: '李敏', id_number: wrong }).id_number).toBe('idChecksum');
  });

  it('wants a birth date in the number that is a past day from 1900 on', () => {
    const born = (day: string) =>
      problems({ real_name: '李敏', id_number: valid(`330106${day}212`) }).id_number;
    expect(born('20261126')).toBeUndefined();
    expect(born('20261127')).toBe('idBirth');
    expect(born('20990101')).toBe('idBirth');
    expect(born('19000101')).toBeUndefined();
    expect(born('18991231')).toBe('idBirth');
  });

  it('masks an ID number to its first and last four characters', () => {
    expect(maskIdNumber(' 33010619900307212x ')).toBe('3301**********212X');
    expect(maskIdNumber('12345678')).toBe('********');
    expect(maskIdNumber('123456789')).toBe('1234*6789');
  });
});

describeLifecycleProperties({
  lifecycle: certificationLifecycle,
  creation: { ...request, actorId: REVIEWER },
  commands,
  invariants: (snapshot) => {
    const s = snapshot as CertificationSnapshot;
    const state = certificationStateOf(s);
    if (state === 'certified' || state === 'rejected') {
      expect(s.context.reviewedBy).not.toBe(s.context.applicantId);
      expect(s.context.reviewedBy).not.toBeNull();
    }
    if (state === 'rejected') expect(isValidCertificationReason(s.context.rejectReason)).toBe(true);
    if (state === 'reviewing' || state === 'withdrawn') expect(s.context.reviewedBy).toBeNull();
  },
  seen: { certified: (s) => s.value === 'certified', rejected: (s) => s.value === 'rejected' },
  runs: 200,
});

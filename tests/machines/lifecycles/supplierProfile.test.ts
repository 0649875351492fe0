import { describe, expect, it } from 'vitest';
import {
  IDENTITY_FIELDS,
  MAX_COVERS,
  birthdayFromIdCard,
  changedFields,
  emptyProfile,
  idCardCheckDigit,
  idCardProblem,
  validateSupplierProfile,
  type SupplierProfile,
} from '../../../src/machines/lifecycles/supplierProfile';
import { idCardFor, validProfile } from './supplierFixtures';

// A supplier's profile as the audit sees it (the same rule on the console and the server), field by field, at the
// edges of each bound.

const TODAY = '2026-11-26';
const problems = (change: Partial<SupplierProfile>, today = TODAY) =>
  validateSupplierProfile(validProfile(change), today).map((e) => [e.field, e.key]);

describe('resident ID numbers', () => {
  it('carry their check digit (GB 11643), X for ten', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
    expect(idCardCheckDigit('44052418800101001')).toBe('4');
    expect(idCardProblem('11010519491231002X')).toBeNull();
    expect(idCardProblem('11010519491231002x')).toBeNull();
    expect(idCardProblem('110105194912310021')).toBe('checksum');
  });

  it('are 17 digits and a digit or X, with a real birth date in them', () => {
    expect(idCardProblem('11010519491231002')).toBe('format');
    expect(idCardProblem('11010519491231002XX')).toBe('format');
    expect(idCardProblem('1101051949123100AX')).toBe('format');
    expect(idCardProblem(` ${idCardFor('1990-03-07')}`)).toBe('format');
    const feb30 = '11010119900230123';
    expect(idCardProblem(feb30 + idCardCheckDigit(feb30))).toBe('format');
    const month13 = '11010119901301123';
    expect(idCardProblem(month13 + idCardCheckDigit(month13))).toBe('format');
    expect(idCardProblem(idCardFor('2000-02-29'))).toBeNull();
    const notLeap = '11010119000229123';
    expect(idCardProblem(notLeap + idCardCheckDigit(notLeap))).toBe('format');
  });

  it('tell the birth date', () => {
    expect(birthdayFromIdCard(idCardFor('1985-11-04'))).toBe('1985-11-04');
  });
});

describe('a profile', () => {
  it('that is complete and well formed has no problems', () => {
    expect(validateSupplierProfile(validProfile(), TODAY)).toEqual([]);
    expect(problems({ covers: [] })).toEqual([]);
    expect(problems({ bio: '', full_address: '', licence_issuing_authority: '', expire_info: '' })).toEqual(
      [],
    );
  });

  it('needs every required field, a blank one being missing', () => {
    const empty = validateSupplierProfile({}, TODAY);
    expect(empty.map((e) => e.field)).toEqual([
      'name',
      'mobile',
      'city',
      'real_name',
      'gender',
      'birthday',
      'id_card_no',
      'id_card_front',
      'id_card_back',
    ]);
    expect(empty.every((e) => e.key === 'supply.validation.required')).toBe(true);
    expect(empty[0]!.message).toBe('name is required');
    expect(problems({ name: '   ' })).toEqual([['name', 'supply.validation.required']]);
    expect(problems({ city: '' })).toEqual([['city', 'supply.validation.required']]);
    expect(
      validateSupplierProfile({ ...validProfile(), name: null as unknown as string }, TODAY),
    ).toHaveLength(1);
  });

  it('holds each text within its length, the bound itself allowed', () => {
    const bounds: Array<[keyof SupplierProfile, number]> = [
      ['name', 50],
      ['bio', 500],
      ['city', 50],
      ['full_address', 200],
      ['real_name', 50],
      ['licence_issuing_authority', 100],
      ['expire_info', 50],
    ];
    for (const [field, max] of bounds) {
      expect(problems({ [field]: 'a'.repeat(max) }), field).toEqual([]);
      expect(problems({ [field]: 'a'.repeat(max + 1) }), field).toEqual([
        [field, 'supply.validation.tooLong'],
      ]);
    }
    const long = `/uploads/${'a'.repeat(487)}.png`; // 500 characters
    expect(long).toHaveLength(500);
    expect(problems({ id_card_front: long, id_card_back: long })).toEqual([]);
    expect(problems({ id_card_front: `/uploads/${'a'.repeat(488)}.png` })).toEqual([
      ['id_card_front', 'supply.validation.tooLong'],
    ]);
    const tooLong = validateSupplierProfile(validProfile({ name: 'a'.repeat(51) }), TODAY)[0]!;
    expect(tooLong.message).toBe('name must be at most 50 characters');
    expect(tooLong.values).toEqual({ max: 50 });
    const address = validateSupplierProfile(validProfile({ full_address: 'a'.repeat(201) }), TODAY)[0]!;
    expect(address.values).toEqual({ max: 200 });
    expect(validateSupplierProfile(validProfile({ mobile: '1' }), TODAY)[0]).not.toHaveProperty('values');
  });

  it('has a mainland mobile number: 11 digits from 13 to 19', () => {
    for (const ok of ['13000000000', '19999999999', '15912345678'])
      expect(problems({ mobile: ok }), ok).toEqual([]);
    for (const bad of [
      '12000000000',
      '1380013800',
      '138001380000',
      '23800138000',
      '1380013800a',
      ' 13800138000',
    ]) {
      expect(problems({ mobile: bad }), bad).toEqual([['mobile', 'supply.validation.mobile']]);
    }
  });

  it('is of a known gender', () => {
    expect(problems({ gender: 'female' })).toEqual([]);
    expect(problems({ gender: 'other' as never })).toEqual([['gender', 'supply.validation.gender']]);
  });

  it('was born on a real day, after 1900 and before today, the day its ID number says', () => {
    expect(problems({ birthday: '1990-02-30', id_card_no: idCardFor('1990-03-07') })).toEqual([
      ['birthday', 'supply.validation.date'],
    ]);
    expect(problems({ birthday: '1990-3-7', id_card_no: idCardFor('1990-03-07') })).toEqual([
      ['birthday', 'supply.validation.date'],
    ]);
    expect(problems({ birthday: TODAY })).toEqual([['birthday', 'supply.validation.birthdayPast']]);
    expect(problems({ birthday: '2026-11-25' })).toEqual([]);
    expect(problems({ birthday: '1900-01-01' })).toEqual([]);
    expect(problems({ birthday: '1899-12-31' })).toEqual([['birthday', 'supply.validation.date']]);
    expect(problems({ id_card_no: idCardFor('1990-03-08') })).toEqual([
      ['birthday', 'supply.validation.birthdayMismatch'],
    ]);
    // A birthday that is itself wrong is reported once, as wrong, not also as not matching.
    expect(problems({ birthday: '1990-13-01', id_card_no: idCardFor('1990-03-07') })).toEqual([
      ['birthday', 'supply.validation.date'],
    ]);
  });

  it('has a well-formed ID number with its check digit', () => {
    const number = idCardFor('1990-03-07');
    const wrongDigit = number.slice(0, 17) + (number[17] === '0' ? '1' : '0');
    expect(problems({ id_card_no: wrongDigit })).toEqual([
      ['id_card_no', 'supply.validation.idCardChecksum'],
    ]);
    expect(problems({ id_card_no: number.slice(0, 17) })).toEqual([
      ['id_card_no', 'supply.validation.idCardFormat'],
    ]);
    expect(problems({ id_card_no: number.toLowerCase() })).toEqual([]);
  });

  it('shows its ID card and covers as uploaded files or web addresses, at most nine covers', () => {
    expect(problems({ id_card_front: 'https://cdn.example.com/front.png' })).toEqual([]);
    expect(problems({ id_card_back: 'javascript:alert(1)' })).toEqual([
      ['id_card_back', 'supply.validation.imageUrl'],
    ]);
    expect(problems({ id_card_front: '/uploads/../etc/passwd' })).toEqual([
      ['id_card_front', 'supply.validation.imageUrl'],
    ]);
    const cover = (i: number) => `/uploads/cover-${i}.png`;
    expect(problems({ covers: Array.from({ length: MAX_COVERS }, (_, i) => cover(i)) })).toEqual([]);
    expect(problems({ covers: Array.from({ length: MAX_COVERS + 1 }, (_, i) => cover(i)) })).toEqual([
      ['covers', 'supply.validation.tooManyCovers'],
    ]);
    expect(problems({ covers: [cover(1), ' '] })).toEqual([['covers', 'supply.validation.covers']]);
    expect(problems({ covers: [cover(1), 7 as unknown as string] })).toEqual([
      ['covers', 'supply.validation.covers'],
    ]);
    expect(problems({ covers: 'one.png' as unknown as string[] })).toEqual([
      ['covers', 'supply.validation.covers'],
    ]);
    const bad = validateSupplierProfile(validProfile({ covers: [cover(1), 'ftp://x/y.png'] }), TODAY);
    expect(bad.map((e) => [e.field, e.key])).toEqual([['covers', 'supply.validation.imageUrl']]);
    expect(bad[0]!.message).toContain('covers[1]');
    expect(problems({ covers: ['ftp://x/y.png'] })).toEqual([['covers', 'supply.validation.imageUrl']]);
  });

  it('reports one problem per field, in field order', () => {
    expect(problems({ name: 'a'.repeat(51), mobile: '1', id_card_back: 'x' })).toEqual([
      ['name', 'supply.validation.tooLong'],
      ['mobile', 'supply.validation.mobile'],
      ['id_card_back', 'supply.validation.imageUrl'],
    ]);
    expect(problems({ city: 'a'.repeat(51), name: '' })).toEqual([
      ['name', 'supply.validation.required'],
      ['city', 'supply.validation.tooLong'],
    ]);
  });
});

describe('changes to a profile', () => {
  it('are the fields given whose value differs, covers compared item by item', () => {
    const profile = validProfile();
    expect(changedFields(profile, {})).toEqual([]);
    expect(changedFields(profile, { name: profile.name, city: 'Shanghai' })).toEqual(['city']);
    expect(changedFields(profile, { covers: [...profile.covers] })).toEqual([]);
    expect(changedFields(profile, { covers: ['/uploads/other.png'] })).toEqual(['covers']);
    const two = validProfile({ covers: ['/uploads/a.png', '/uploads/b.png'] });
    expect(changedFields(two, { covers: ['/uploads/a.png', '/uploads/c.png'] })).toEqual(['covers']);
    expect(changedFields(profile, { covers: [...profile.covers, '/uploads/more.png'] })).toEqual(['covers']);
    expect(changedFields(profile, { real_name: 'Li Si', mobile: '13900000000' })).toEqual([
      'mobile',
      'real_name',
    ]);
  });

  it('to who the supplier is are the name on the card, its number and its two photos', () => {
    expect([...IDENTITY_FIELDS]).toEqual(['real_name', 'id_card_no', 'id_card_front', 'id_card_back']);
  });

  it('start from an empty profile that needs everything required', () => {
    const empty = emptyProfile();
    expect(empty.covers).toEqual([]);
    expect(validateSupplierProfile(empty, TODAY).map((e) => e.field)).toEqual([
      'name',
      'mobile',
      'city',
      'real_name',
      'birthday',
      'id_card_no',
      'id_card_front',
      'id_card_back',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordProblems } from '@/contract/password';

describe('the staff password rule (SPEC §5)', () => {
  it('takes six characters or more with lower, upper, digit and special', () => {
    expect(passwordProblems('Ab1!cd')).toEqual([]);
    expect(passwordProblems('Staff@123456')).toEqual([]);
    expect(passwordProblems('密码Ab1!')).toEqual([]);
  });
  it('names every problem, in the order of the hint', () => {
    expect(passwordProblems('')).toEqual(['tooShort', 'noLower', 'noUpper', 'noDigit', 'noSpecial']);
    expect(passwordProblems('Ab1!c')).toEqual(['tooShort']);
    expect(passwordProblems('ab1!cd')).toEqual(['noUpper']);
    expect(passwordProblems('AB1!CD')).toEqual(['noLower']);
    expect(passwordProblems('Abc!de')).toEqual(['noDigit']);
    expect(passwordProblems('Abc1de')).toEqual(['noSpecial']);
    expect(passwordProblems('Ab1! cd')).toEqual(['space']);
    expect(passwordProblems('Ab1!\tcd')).toEqual(['space']);
  });
  it('counts characters, not code units, and stops at 128', () => {
    expect(passwordProblems('Ab1!😀')).toEqual(['tooShort']);
    expect(passwordProblems(`Ab1!${'x'.repeat(124)}`)).toEqual([]);
    expect(passwordProblems(`Ab1!${'x'.repeat(125)}`)).toEqual(['tooLong']);
  });
});

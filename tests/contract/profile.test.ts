import { describe, expect, it } from 'vitest';
import { profileProblems, type ProfileValues } from '@/contract/profile';

const ok: ProfileValues = {
  email: 'li.min@example.com',
  nickname: 'Li Min',
  country_region: 'CN',
  area: 'Beijing',
  address: '',
  profile: '',
};

describe('basic information (SPEC §5)', () => {
  it('wants email, nickname, country/region and area; the address and profile may be empty', () => {
    expect(profileProblems(ok)).toEqual({});
    expect(profileProblems({ ...ok, email: ' ', nickname: '', country_region: '', area: '  ' })).toEqual({
      email: 'user.profile.emailRequired',
      nickname: 'user.profile.nicknameRequired',
      country_region: 'user.profile.countryRequired',
      area: 'user.profile.areaRequired',
    });
  });
  it('takes an email address only, and a country or region of the list only', () => {
    for (const email of [
      'li',
      'li@',
      '@example.com',
      'li min@example.com',
      'li@example',
      'li@example.com@',
      'x li@example.com',
    ])
      expect(profileProblems({ ...ok, email }).email, email).toBe('user.profile.emailInvalid');
    expect(profileProblems({ ...ok, email: `${'a'.repeat(243)}@example.com` }).email).toBe(
      'user.profile.emailInvalid',
    );
    expect(profileProblems({ ...ok, email: `${'a'.repeat(242)}@example.com` })).toEqual({});
    expect(profileProblems({ ...ok, country_region: 'XX' }).country_region).toBe(
      'user.profile.countryRequired',
    );
  });
  it('takes spaces for nothing: a name of spaces is no name, and spaces around a value do not count', () => {
    expect(profileProblems({ ...ok, nickname: '   ' }).nickname).toBe('user.profile.nicknameRequired');
    expect(profileProblems({ ...ok, nickname: ` ${'名'.repeat(50)} ` })).toEqual({});
    expect(profileProblems({ ...ok, area: ` ${'a'.repeat(100)} ` })).toEqual({});
    expect(profileProblems({ ...ok, address: `  ${'a'.repeat(200)}  ` })).toEqual({});
    expect(profileProblems({ ...ok, email: '  li@example.com ' })).toEqual({});
  });

  it('bounds the nickname, area and address in characters', () => {
    expect(profileProblems({ ...ok, nickname: '名'.repeat(50) })).toEqual({});
    expect(profileProblems({ ...ok, nickname: '名'.repeat(51) }).nickname).toBe(
      'user.profile.nicknameTooLong',
    );
    expect(profileProblems({ ...ok, area: 'a'.repeat(101) }).area).toBe('user.profile.areaTooLong');
    expect(profileProblems({ ...ok, area: 'a'.repeat(100) })).toEqual({});
    expect(profileProblems({ ...ok, address: 'a'.repeat(201) }).address).toBe('user.profile.addressTooLong');
    expect(profileProblems({ ...ok, address: 'a'.repeat(200) })).toEqual({});
  });
  it('takes a profile of at most 200 words, counted as a reader counts them', () => {
    expect(profileProblems({ ...ok, profile: Array(200).fill('word').join(' ') })).toEqual({});
    expect(profileProblems({ ...ok, profile: Array(201).fill('word').join(' ') }).profile).toBe(
      'user.profile.profileTooLong',
    );
    expect(profileProblems({ ...ok, profile: 'a'.repeat(2001) }).profile).toBe('user.profile.profileTooLong');
    expect(profileProblems({ ...ok, profile: 'a'.repeat(2000) })).toEqual({});
  });
});

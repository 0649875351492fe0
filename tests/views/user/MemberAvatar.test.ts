import { expect, it } from 'vitest';
import { initialsOf } from '@/views/user/MemberAvatar';

it('takes the first letters of the first two words, or the first two of one word', () => {
  expect(initialsOf('Ada Lovelace')).toBe('AL');
  expect(initialsOf('  grace  brewster murray hopper ')).toBe('GB');
  expect(initialsOf('admin')).toBe('AD');
  expect(initialsOf('王小明')).toBe('王小');
  expect(initialsOf('')).toBe('?');
});

import { describe, expect, it } from 'vitest';
import { isValidActivityTitle, MAX_ACTIVITY_TITLE_LENGTH } from '@/machines/lifecycles/activityMachine';
import { isValidCertificationReason } from '@/machines/lifecycles/certificationMachine';
import { CERTIFICATION_LIMITS, certificationProblems } from '@/machines/lifecycles/certificationRules';
import { isValidTarget, MAX_TARGET_LENGTH } from '@/machines/lifecycles/commissionMachine';
import { isValidAdjustReason, MAX_ADJUST_REASON_LENGTH } from '@/machines/lifecycles/customerMachine';
import {
  isValidFeedbackMessage,
  isValidFeedbackNote,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_NOTE_LENGTH,
} from '@/machines/lifecycles/feedbackMachine';
import { MEDIA_LIMITS, mediaProblem } from '@/machines/lifecycles/mediaSettingsRules';
import {
  isValidNoticeReason,
  isValidNoticeTitle,
  MAX_NOTICE_REASON_LENGTH,
  MAX_NOTICE_TITLE_LENGTH,
} from '@/machines/lifecycles/noticeMachine';
import { isValidOrderReason, MAX_ORDER_REASON_LENGTH } from '@/machines/lifecycles/orderMachine';
import { isValidRefundReason, MAX_REFUND_REASON_LENGTH } from '@/machines/lifecycles/refundMachine';
import { isValidRenewalReason, MAX_RENEWAL_REASON_LENGTH } from '@/machines/lifecycles/renewalMachine';
import { isValidCityName, MAX_CITY_NAME_LENGTH } from '@/machines/lifecycles/serviceCityMachine';
import { isValidReason, MAX_REASON_LENGTH } from '@/machines/lifecycles/supplierMachine';
import { cutText, fitText, textLength } from '@/machines/lifecycles/visibleText';
import { MAX_NAME_LENGTH, validateProjectForm } from '@/machines/lifecycles/projectDetails';
import { validateSupplierProfile } from '@/machines/lifecycles/supplierProfile';
import { validForm } from './projectFixtures';
import { validProfile } from './supplierFixtures';

/** A rare character of a Chinese name (U+20BB7) and an emoji: one character each, two UTF-16 units. */
const ASTRAL = ['𠮷', '😀'];
const astral = (n: number) => Array.from({ length: n }, (_, i) => ASTRAL[i % 2]).join('');

describe('a text length', () => {
  it('counts characters, as a reader and the API schemas do: a character beyond the first 65,536 is one', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('Late 好')).toBe(6);
    expect(textLength('𠮷')).toBe(1);
    expect(textLength(astral(7))).toBe(7);
    expect(textLength('a😀b')).toBe(3);
    // A lone half of a pair is one character as `for…of` reads it (the API refuses such text before any rule).
    expect(textLength('\ud83d')).toBe(1);
    expect(textLength('\ud83d\ud83d\ude00')).toBe(2);
  });

  it('cuts at a number of such characters, never between the two halves of one', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abc', 2)).toBe('ab');
    expect(cutText(astral(7), 3)).toBe('𠮷😀𠮷');
    expect(cutText('a😀b', 2)).toBe('a😀');
    expect(cutText('a😀b', 0)).toBe('');
    expect(textLength(cutText(astral(9), 4))).toBe(4);
  });

  it('fits a change into a box with a limit as maxlength would: the text around it stays, what was put in is cut', () => {
    expect(fitText('ab', 'abc', 3)).toBe('abc');
    // Typing into the middle of a full box changes nothing; the box's end is not dropped.
    expect(fitText('abc', 'abXc', 3)).toBe('abc');
    expect(fitText('𠮷𠮷𠮷', '𠮷😀𠮷𠮷', 3)).toBe('𠮷𠮷𠮷');
    // A paste keeps what fits of itself, where it was put.
    expect(fitText('ab', 'abXYZ', 4)).toBe('abXY');
    expect(fitText('cd', 'XYZcd', 4)).toBe('XYcd');
    expect(fitText('ab', 'a😀😀😀b', 4)).toBe('a😀😀b');
    // A selection replaced: what it held is room for what replaces it.
    expect(fitText('abcd', 'a12345d', 4)).toBe('a12d');
    // A box already over its limit (a value from elsewhere) is cut at its end.
    expect(fitText('abcdef', 'abcdefg', 4)).toBe('abcd');
  });

  it('is how every rule of a text with a limit counts: the limit in such characters passes, one more does not', () => {
    const rules: Array<[string, (text: string) => boolean, number]> = [
      ['activity title', isValidActivityTitle, MAX_ACTIVITY_TITLE_LENGTH],
      ['certification reason', isValidCertificationReason, CERTIFICATION_LIMITS.reasonMax],
      ['commission target', (text) => isValidTarget('city', text), MAX_TARGET_LENGTH],
      ['wallet adjustment reason', isValidAdjustReason, MAX_ADJUST_REASON_LENGTH],
      ['feedback reply', isValidFeedbackMessage, MAX_FEEDBACK_MESSAGE_LENGTH],
      ['feedback note', isValidFeedbackNote, MAX_FEEDBACK_NOTE_LENGTH],
      ['notice reason', isValidNoticeReason, MAX_NOTICE_REASON_LENGTH],
      ['notice title', isValidNoticeTitle, MAX_NOTICE_TITLE_LENGTH],
      ['order reason', isValidOrderReason, MAX_ORDER_REASON_LENGTH],
      ['refund reason', isValidRefundReason, MAX_REFUND_REASON_LENGTH],
      ['renewal reason', isValidRenewalReason, MAX_RENEWAL_REASON_LENGTH],
      ['service city name', isValidCityName, MAX_CITY_NAME_LENGTH],
      ['supplier reason', isValidReason, MAX_REASON_LENGTH],
      ['media note', (text) => mediaProblem('note', text) === null, MEDIA_LIMITS.noteCharacters],
    ];
    for (const [name, rule, max] of rules) {
      expect(rule(astral(max)), `${name}: ${max}`).toBe(true);
      expect(rule(astral(max + 1)), `${name}: ${max + 1}`).toBe(false);
    }
  });

  it('counts a real name as the certification rules do', () => {
    const max = CERTIFICATION_LIMITS.realNameMax;
    const problemOf = (real_name: string) =>
      certificationProblems({ real_name, id_number: '' }, '2026-12-06');
    expect(problemOf(astral(max)).real_name).toBeUndefined();
    expect(problemOf(astral(max + 1)).real_name).toBe('nameLength');
  });

  it('counts a project name and a supplier profile field as the other rules do', () => {
    const nameProblem = (project_name: string) =>
      validateProjectForm(validForm({ project_name })).some((e) => e.field === 'project_name');
    expect(nameProblem(astral(MAX_NAME_LENGTH))).toBe(false);
    expect(nameProblem(astral(MAX_NAME_LENGTH + 1))).toBe(true);
    const nameTooLong = (name: string) =>
      validateSupplierProfile(validProfile({ name }), '2026-12-06').some((e) => e.field === 'name');
    const max = 50; // a supplier's name, as src/machines/lifecycles/supplierProfile.ts limits it
    expect(nameTooLong(astral(max))).toBe(false);
    expect(nameTooLong(astral(max + 1))).toBe(true);
  });
});

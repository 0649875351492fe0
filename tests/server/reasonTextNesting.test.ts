import { describe, expect, it } from 'vitest';
import { reasonTextProblem } from './support/reasonText';

// The check every refusal of the malformed-request sweep goes through: a nested text must exist for its values.
describe('a refusal’s text', () => {
  it('is refused when a text it nests has none for its values, and taken when it has', () => {
    const data = (audience: string) => ({
      reason_key: 'notice.validation.recipientRequired',
      values: { audience },
    });
    expect(reasonTextProblem(data('supplier'))).toBeNull();
    expect(reasonTextProblem(data('everyone'))).toMatch(/^nests notice\.reader\.everyone/);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { DocText } from '@/views/statecharts/DocText';
import { mount } from './support/mount';

describe("a machine's doc comment on the statecharts page", () => {
  it('shows **strong** words in bold and `code` as code, without their marks', () => {
    const { el } = mount(
      <DocText
        lines={[{ text: 'within published **scheduled → running** at `startsAt`', bullet: true, depth: 0 }]}
      />,
    );
    expect(el.querySelector('strong')?.textContent).toBe('scheduled → running');
    expect(el.querySelector('code')?.textContent).toBe('startsAt');
    expect(el.textContent).toBe('within published scheduled → running at startsAt');
  });
});

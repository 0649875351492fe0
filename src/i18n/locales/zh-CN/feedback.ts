import type en from '../en-US/feedback';

export default {
  'errors.notFound.feedback': '反馈 {{id}} 不存在。',
} satisfies Record<keyof typeof en, string>;

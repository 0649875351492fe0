import type en from '../en-US/exception';

export default {
  'exception.result.403.description': '对不起，您没有访问该资源的权限',
  'exception.result.404.description': '抱歉，页面不见了～',
  'exception.result.500.description': '抱歉，服务器出了点问题～',
  'exception.result.back': '返回',
  'exception.result.home': '返回首页',
} satisfies Record<keyof typeof en, string>;

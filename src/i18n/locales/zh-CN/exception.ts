import type en from '../en-US/exception';

export default {
  'exception.result.403.description': '对不起，您没有访问该资源的权限',
  'exception.result.404.description': '抱歉，页面不见了～',
  'exception.result.500.description': '抱歉，服务器出了点问题～',
  'exception.result.back': '返回',
  'exception.result.home': '返回首页',
  'result.success.title': '提交成功',
  'result.success.description': '表单已提交并保存。',
  'result.success.made': '“{{what}}”已保存。',
  'result.success.list': '在列表中查看',
  'result.error.title': '提交失败',
  'result.error.description': '请核对并修改以下信息后，再重新提交。',
  'result.error.reasons': '出错原因',
  'result.error.domain': '您的域名未备案。',
  'result.error.authority': '您的用户组不具有进行此操作的权限。',
  'result.error.back': '返回修改',
  'exception.load.stylesheet': '无法预加载 CSS',
  'exception.load.script': '页面加载失败',
  'exception.load.page': '页面出错了',
  'exception.load.hint': '控制台可能在您打开后已更新，或网络中断。请重新加载后再试。',
  'exception.load.reload': '重新加载',
} satisfies Record<keyof typeof en, string>;

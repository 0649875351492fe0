import type en from '../en-US/errors';

export default {
  'errors.invalidCredentials': '邮箱或密码不正确。',
  'errors.tooManyRequests_one': '尝试次数过多，请在 {{count}} 分钟后重试。',
  'errors.tooManyRequests_other': '尝试次数过多，请在 {{count}} 分钟后重试。',
  'errors.tooManyRequests.later': '尝试次数过多，请稍后再试。',
  'errors.loggedOut': '您已登出，请重新登录。',
  'errors.sessionExpired': '登录已过期，请重新登录。',
  'errors.downloadExpired': '下载链接已过期或已使用，请重新导出。',
  'errors.forbidden': '您没有执行此操作的权限。',
  'errors.xsrfMismatch': '为保护您的会话安全，请求被拒绝。请刷新页面后重试。',
  'errors.routeDenied': '您的角色无权打开“{{page}}”，已转到可以打开的第一个页面。',
  'errors.versionConflict': '该记录已被他人修改，请刷新后重试。',
  'errors.illegalTransition': '当前状态下不允许此操作。',
  'errors.conflict': '与另一条记录冲突，请刷新核对后再试。',
  'errors.clientError': '请求被拒绝（HTTP {{status}}），请检查后重试。',
  'errors.payloadTooLarge': '文件或请求过大。',
  'errors.unsupportedMediaType': '不支持该文件类型。',
  'errors.internal': '服务器内部错误',
  'errors.request': '请求错误',
  'errors.unknown': '出错了',
} satisfies Record<keyof typeof en, string>;

import type en from '../en-US/login';

export default {
  'login.form.title': '登录服务平台管理后台',
  'login.form.subtitle': '服务平台运营后台',
  'login.form.userName.label': '用户名',
  'login.form.userName.placeholder': '邮箱地址',
  'login.form.password.label': '密码',
  'login.form.password.placeholder': '密码',
  'login.form.userName.errMsg': '用户名不能为空',
  'login.form.password.errMsg': '密码不能为空',
  'login.form.login.errMsg': '登录出错，请刷新重试',
  'login.form.login.throttled': '登录尝试次数过多',
  'login.form.login.success': '欢迎使用',
  'login.form.rememberPassword': '记住密码',
  'login.form.forgetPassword': '忘记密码',
  'login.form.forgetPassword.hint': '请联系管理员重置密码。',
  'login.form.login': '登录',
  'login.form.register': '注册账号',
  'login.form.register.hint': '员工账号由管理员创建。',
  'login.form.showPassword': '显示密码',
  'login.form.hidePassword': '隐藏密码',
} satisfies Record<keyof typeof en, string>;

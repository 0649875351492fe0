import type en from '../en-US/monitor';

export default {
  'monitor.status.connecting': '连接中…',
  'monitor.status.live': '实时',
  'monitor.status.reconnecting': '重新连接中…',
  'monitor.status.refused': '已停止：请以管理员身份重新登录。',
  'monitor.perMinute.title': '最近一小时每分钟事件数',
  'monitor.perMinute.total': '最近一小时共 {{count}} 条',
  'monitor.perMinute.bar': '{{time}}：{{count}}',
  'monitor.openOrders.title': '未完结订单（按状态）',
  'monitor.health.title': '服务器状态',
  'monitor.health.roundTrip': '数据库往返',
  'monitor.health.uptime': '已运行',
  'monitor.health.memory': '内存（常驻 / 堆）',
  'monitor.health.monitors': '打开的监控页',
  'monitor.health.ms': '{{value}} 毫秒',
  'monitor.health.mb': '{{rss}} MB / {{heap}} MB',
  'monitor.feed.title': '实时事件日志',
  'monitor.feed.waiting': '等待下一条事件…',
  'monitor.feed.apps': '平台应用',
  'monitor.summaryFailed': '概况读取失败，每半分钟重试一次。',
  'monitor.validation.lastEventId': '监控页请求的续传位置无效，请刷新页面。',
} satisfies Record<keyof typeof en, string>;

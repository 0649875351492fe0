import type en from '../en-US/group';

// 分组表单（/form/group）：音视频参数、规则（SPEC §5）与修改记录。
export default {
  'errors.notFound.mediaSettings': '音视频参数不存在。',
  'group.video': '视频参数',
  'group.audio': '音频参数',
  'group.explanation': '说明',
  'group.history': '修改记录',
  'group.updated': '最近保存于 {{at}}',
  'group.defaults': '尚未保存过：服务使用下列默认值。',
  'group.range': '{{min}}–{{max}} {{unit}}',
  'group.noteCount': '{{count}} / {{max}} 字符',
  'group.channels.1': '单声道',
  'group.channels.2': '立体声',

  'group.field.videoCaptureResolution': '采集分辨率',
  'group.field.videoCaptureFps': '采集帧率',
  'group.field.videoEncodeResolution': '编码分辨率',
  'group.field.videoEncodeFps': '编码帧率',
  'group.field.videoBitrate': '编码码率',
  'group.field.audioCaptureSampleRate': '采集采样率',
  'group.field.audioCaptureChannels': '采集声道数',
  'group.field.audioEncodeSampleRate': '编码采样率',
  'group.field.audioBitrate': '编码码率',
  'group.field.audioEncodeChannels': '编码声道数',
  'group.field.note': '参数说明',

  'group.validation.fps': '请输入 1 到 30 之间的整数',
  'group.validation.bitrate': '请输入 150 到 1800 之间的整数',
  'group.validation.resolution': '请选择分辨率',
  'group.validation.sampleRate': '请选择采样率',
  'group.validation.channels': '请选择单声道或立体声',
  'group.validation.note': '最多 200 个字符',
  'group.hint.resolution': '高于采集分辨率：放大后并不更清晰，只会占用更多带宽',
  'group.hint.fps': '高于采集帧率：只是重复帧，并不更流畅，只会占用更多带宽',
  'group.hint.sampleRate': '高于采集采样率：声音并不更好，只会占用更多带宽',
  'group.hint.channels': '单声道采集编码为立体声：两个声道内容相同，带宽却加倍',
  'group.reason.outOfLimits': '有参数超出范围。',

  'group.event.MediaSettingsSaved': '保存了参数',
} satisfies Record<keyof typeof en, string>;

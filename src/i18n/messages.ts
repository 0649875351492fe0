/**
 * The console's texts: zh-CN and en-US, flat dotted keys, in areas, one file per area per locale
 * (`locales/<locale>/<area>.ts`, a flat `{ key: text }` object; zh-CN files are typed against the en-US ones so a
 * missing key fails the type check). To add an area: create both files and add them to AREAS below.
 *
 * Plain data, no React: the server says a refusal's reason in Chinese from the same table (server/http/language.ts).
 */
import enActivity from './locales/en-US/activity';
import enAnalysis from './locales/en-US/analysis';
import enCertification from './locales/en-US/certification';
import enChannel from './locales/en-US/channel';
import enCommon from './locales/en-US/common';
import enErrors from './locales/en-US/errors';
import enFeedback from './locales/en-US/feedback';
import enGroup from './locales/en-US/group';
import enException from './locales/en-US/exception';
import enKit from './locales/en-US/kit';
import enLogin from './locales/en-US/login';
import enMenu from './locales/en-US/menu';
import enNotice from './locales/en-US/notice';
import enOrder from './locales/en-US/order';
import enProject from './locales/en-US/project';
import enRichText from './locales/en-US/richtext';
import enSupply from './locales/en-US/supply';
import enSystem from './locales/en-US/system';
import enMonitor from './locales/en-US/monitor';
import enUser from './locales/en-US/user';
import enWorkplace from './locales/en-US/workplace';
import enStarter from './locales/en-US/starter';
import enUserInfo from './locales/en-US/userInfo';
import zhActivity from './locales/zh-CN/activity';
import zhAnalysis from './locales/zh-CN/analysis';
import zhCertification from './locales/zh-CN/certification';
import zhChannel from './locales/zh-CN/channel';
import zhCommon from './locales/zh-CN/common';
import zhErrors from './locales/zh-CN/errors';
import zhFeedback from './locales/zh-CN/feedback';
import zhGroup from './locales/zh-CN/group';
import zhException from './locales/zh-CN/exception';
import zhKit from './locales/zh-CN/kit';
import zhLogin from './locales/zh-CN/login';
import zhMenu from './locales/zh-CN/menu';
import zhNotice from './locales/zh-CN/notice';
import zhOrder from './locales/zh-CN/order';
import zhProject from './locales/zh-CN/project';
import zhRichText from './locales/zh-CN/richtext';
import zhSupply from './locales/zh-CN/supply';
import zhSystem from './locales/zh-CN/system';
import zhMonitor from './locales/zh-CN/monitor';
import zhUser from './locales/zh-CN/user';
import zhWorkplace from './locales/zh-CN/workplace';
import zhStarter from './locales/zh-CN/starter';
import zhUserInfo from './locales/zh-CN/userInfo';

type Messages = Record<string, string>;

export const AREAS: Record<'zh-CN' | 'en-US', Messages[]> = {
  'zh-CN': [
    zhCommon,
    zhMenu,
    zhLogin,
    zhException,
    zhErrors,
    zhKit,
    zhSupply,
    zhProject,
    zhRichText,
    zhSystem,
    zhOrder,
    zhNotice,
    zhFeedback,
    zhActivity,
    zhWorkplace,
    zhUser,
    zhMonitor,
    zhAnalysis,
    zhChannel,
    zhCertification,
    zhGroup,
    zhStarter,
    zhUserInfo,
  ],
  'en-US': [
    enCommon,
    enMenu,
    enLogin,
    enException,
    enErrors,
    enKit,
    enSupply,
    enProject,
    enRichText,
    enSystem,
    enOrder,
    enNotice,
    enFeedback,
    enActivity,
    enWorkplace,
    enUser,
    enMonitor,
    enAnalysis,
    enChannel,
    enCertification,
    enGroup,
    enStarter,
    enUserInfo,
  ],
};

export function messagesFor(locale: keyof typeof AREAS): Messages {
  return Object.assign({}, ...AREAS[locale]) as Messages;
}

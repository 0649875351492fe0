/**
 * Only the Blueprint icons the console uses, bundled as path data (a few KB) instead of the icon package's
 * default loader, which fetches two ~100 kB chunks of every icon. An icon not listed here renders blank: add
 * it below. Large sizes (≥ 20 px, e.g. empty states) use the 20 px paths.
 */
import { Icons, type IconName, type IconPaths } from '@blueprintjs/icons';
import add from '@blueprintjs/icons/lib/esm/generated/16px/paths/add';
import build from '@blueprintjs/icons/lib/esm/generated/16px/paths/build';
import history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import arrowDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-down';
import arrowLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left';
import refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import filterRemove from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter-remove';
import download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import arrowRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right';
import arrowUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up';
import caretDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import caretRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import chart from '@blueprintjs/icons/lib/esm/generated/16px/paths/chart';
import offline from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import th from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import chat from '@blueprintjs/icons/lib/esm/generated/16px/paths/chat';
import chevronDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import chevronLeft from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronRight from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import chevronUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up';
import cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import comment from '@blueprintjs/icons/lib/esm/generated/16px/paths/comment';
import cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import disable from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable';
import dot from '@blueprintjs/icons/lib/esm/generated/16px/paths/dot';
import duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import flag from '@blueprintjs/icons/lib/esm/generated/16px/paths/flag';
import flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import flowBranch from '@blueprintjs/icons/lib/esm/generated/16px/paths/flow-branch';
import form from '@blueprintjs/icons/lib/esm/generated/16px/paths/form';
import fullscreen from '@blueprintjs/icons/lib/esm/generated/16px/paths/fullscreen';
import gridView from '@blueprintjs/icons/lib/esm/generated/16px/paths/grid-view';
import help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import idNumber from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import infoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import link from '@blueprintjs/icons/lib/esm/generated/16px/paths/link';
import list from '@blueprintjs/icons/lib/esm/generated/16px/paths/list';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import map from '@blueprintjs/icons/lib/esm/generated/16px/paths/map';
import menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import menuClosed from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-closed';
import menuOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-open';
import minimize from '@blueprintjs/icons/lib/esm/generated/16px/paths/minimize';
import moon from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import more from '@blueprintjs/icons/lib/esm/generated/16px/paths/more';
import notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import projects from '@blueprintjs/icons/lib/esm/generated/16px/paths/projects';
import pulse from '@blueprintjs/icons/lib/esm/generated/16px/paths/pulse';
import search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import share from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import shop from '@blueprintjs/icons/lib/esm/generated/16px/paths/shop';
import shoppingCart from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import smallCross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import swapHorizontal from '@blueprintjs/icons/lib/esm/generated/16px/paths/swap-horizontal';
import tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag';
import thList from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import timelineEvents from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events';
import translate from '@blueprintjs/icons/lib/esm/generated/16px/paths/translate';
import trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import undo from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import upload from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import warningSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import lgBuild from '@blueprintjs/icons/lib/esm/generated/20px/paths/build';
import lgChart from '@blueprintjs/icons/lib/esm/generated/20px/paths/chart';
import lgOffline from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import lgTh from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
import lgHistory from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import lgChat from '@blueprintjs/icons/lib/esm/generated/20px/paths/chat';
import lgCog from '@blueprintjs/icons/lib/esm/generated/20px/paths/cog';
import lgError from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import lgForm from '@blueprintjs/icons/lib/esm/generated/20px/paths/form';
import lgGridView from '@blueprintjs/icons/lib/esm/generated/20px/paths/grid-view';
import lgIdNumber from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number';
import lgLock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import lgLogOut from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import lgMap from '@blueprintjs/icons/lib/esm/generated/20px/paths/map';
import lgNotifications from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications';
import lgPeople from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import lgPercentage from '@blueprintjs/icons/lib/esm/generated/20px/paths/percentage';
import lgProjects from '@blueprintjs/icons/lib/esm/generated/20px/paths/projects';
import lgPulse from '@blueprintjs/icons/lib/esm/generated/20px/paths/pulse';
import lgSearch from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import lgShop from '@blueprintjs/icons/lib/esm/generated/20px/paths/shop';
import lgShoppingCart from '@blueprintjs/icons/lib/esm/generated/20px/paths/shopping-cart';
import lgThList from '@blueprintjs/icons/lib/esm/generated/20px/paths/th-list';
import lgTickCircle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import lgTimelineEvents from '@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-events';
import lgUser from '@blueprintjs/icons/lib/esm/generated/20px/paths/user';

const SMALL: Partial<Record<IconName, IconPaths>> = {
  add,
  tag,
  build,
  history,
  'arrow-down': arrowDown,
  'arrow-left': arrowLeft,
  refresh,
  'filter-remove': filterRemove,
  download,
  'arrow-right': arrowRight,
  'arrow-up': arrowUp,
  'caret-down': caretDown,
  'caret-right': caretRight,
  calendar,
  chart,
  offline,
  th,
  chat,
  'chevron-down': chevronDown,
  'chevron-left': chevronLeft,
  'chevron-right': chevronRight,
  'chevron-up': chevronUp,
  cog,
  comment,
  cross,
  dashboard,
  disable,
  dot,
  duplicate,
  edit,
  error,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  flag,
  flash,
  'flow-branch': flowBranch,
  form,
  fullscreen,
  'grid-view': gridView,
  help,
  home,
  'id-number': idNumber,
  'info-sign': infoSign,
  link,
  list,
  lock,
  'log-out': logOut,
  map,
  menu,
  'menu-closed': menuClosed,
  'menu-open': menuOpen,
  minimize,
  moon,
  more,
  notifications,
  office,
  people,
  person,
  projects,
  pulse,
  search,
  share,
  shop,
  'shopping-cart': shoppingCart,
  'small-cross': smallCross,
  'swap-horizontal': swapHorizontal,
  'th-list': thList,
  tick,
  'tick-circle': tickCircle,
  'timeline-events': timelineEvents,
  translate,
  trash,
  undo,
  upload,
  user,
  'warning-sign': warningSign,
};

const LARGE: Partial<Record<IconName, IconPaths>> = {
  build: lgBuild,
  chart: lgChart,
  offline: lgOffline,
  th: lgTh,
  history: lgHistory,
  chat: lgChat,
  cog: lgCog,
  error: lgError,
  form: lgForm,
  'grid-view': lgGridView,
  'id-number': lgIdNumber,
  lock: lgLock,
  'log-out': lgLogOut,
  map: lgMap,
  notifications: lgNotifications,
  people: lgPeople,
  percentage: lgPercentage,
  projects: lgProjects,
  pulse: lgPulse,
  search: lgSearch,
  shop: lgShop,
  'shopping-cart': lgShoppingCart,
  'th-list': lgThList,
  'tick-circle': lgTickCircle,
  'timeline-events': lgTimelineEvents,
  user: lgUser,
};

/** The names registered at 16 px (every size falls back to these) and at 20 px (sizes ≥ 20). */
export const SMALL_ICON_NAMES = Object.keys(SMALL) as IconName[];
export const LARGE_ICON_NAMES = Object.keys(LARGE) as IconName[];

export async function loadIcons(): Promise<void> {
  Icons.setLoaderOptions({
    loader: async (name, size) => (size >= 20 ? (LARGE[name] ?? SMALL[name]) : SMALL[name]) ?? [],
  });
  await Promise.all([Icons.load(SMALL_ICON_NAMES, 16), Icons.load(LARGE_ICON_NAMES, 20)]);
}

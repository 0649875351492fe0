import { isVideoUrl } from '@/contract/richText';

/**
 * The address a video frame shows for what staff paste into the video box: a YouTube, youtu.be, Vimeo or Bilibili
 * page becomes its player's https address; a player address on one of the allowed hosts stays as it is; anything
 * else is null (the sanitiser would drop it, so the editor refuses it at once and says which sites work).
 */
export function videoEmbedUrl(pasted: string): string | null {
  const text = pasted.trim();
  const youtube =
    /^(?:https?:\/\/)?(?:(?:www|m)\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]+)/.exec(text) ??
    /^(?:https?:\/\/)?youtu\.be\/([\w-]+)/.exec(text);
  if (youtube) return `https://www.youtube.com/embed/${youtube[1]}`;
  const vimeo = /^(?:https?:\/\/)?(?:www\.)?vimeo\.com\/(\d+)/.exec(text);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  const bilibili = /^(?:https?:\/\/)?(?:www\.|m\.)?bilibili\.com\/video\/(BV\w+)/.exec(text);
  if (bilibili) return `https://player.bilibili.com/player.html?bvid=${bilibili[1]}`;
  return isVideoUrl(text) ? text : null;
}

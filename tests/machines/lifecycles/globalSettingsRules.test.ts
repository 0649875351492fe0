import { describe, expect, it } from 'vitest';
import { assetUrlMessage, isAssetUrl } from '../../../src/machines/lifecycles/assetUrl';
import {
  MAX_SUPPLIER_NAME_LENGTH,
  validateGlobalSettings,
  type SettingsValues,
} from '../../../src/machines/lifecycles/globalSettingsRules';
import { messagesFor } from '../../../src/i18n';
import { isAssetUrl as supplierIsAssetUrl } from '../../../src/machines/lifecycles/supplierProfile';

const valid: SettingsValues = {
  customer_service_mobile: '13800138000',
  customer_service_wechat: 'helper_01',
  sos_mobile: '400-800-1234',
  sos_sound: '/uploads/audio/202611/sos.mp3',
  supplier_name: 'Helper',
  home_banners: [
    { image: 'https://cdn.example.com/a.jpg', link: 'https://example.com/promo' },
    { image: '/uploads/image/202611/b.png' },
  ],
};

const keys = (values: Partial<SettingsValues>, options?: { requireSupplierName?: boolean }) =>
  validateGlobalSettings({ ...valid, ...values }, options).map((e) => [e.field, e.key]);

describe('validateGlobalSettings', () => {
  it('accepts well-formed settings and empty optional fields', () => {
    expect(validateGlobalSettings(valid)).toEqual([]);
    expect(
      keys({ customer_service_mobile: '', customer_service_wechat: '', sos_mobile: '', sos_sound: '' }),
    ).toEqual([]);
  });

  it.each(['13800138000', '+86 13800138000', '010-12345678', '075512345678', '400-800-1234', '8008001234'])(
    'accepts the phone number %s',
    (phone) => {
      expect(keys({ customer_service_mobile: phone, sos_mobile: ` ${phone} ` })).toEqual([]);
    },
  );

  it.each(['12345', '1380013800a', '23800138000', 'phone'])('refuses the phone number %s', (phone) => {
    expect(keys({ customer_service_mobile: phone, sos_mobile: phone })).toEqual([
      ['customer_service_mobile', 'system.settings.error.phone'],
      ['sos_mobile', 'system.settings.error.phone'],
    ]);
  });

  it('accepts a WeChat ID or a mobile number, refuses anything else', () => {
    expect(keys({ customer_service_wechat: '13800138000' })).toEqual([]);
    for (const id of ['1abcdef', 'abc', 'a'.repeat(21), 'has space1']) {
      expect(keys({ customer_service_wechat: id })).toEqual([
        ['customer_service_wechat', 'system.settings.error.wechat'],
      ]);
    }
  });

  it('requires the supplier name unless told otherwise', () => {
    expect(keys({ supplier_name: '  ' })).toEqual([['supplier_name', 'system.settings.error.supplierName']]);
    expect(keys({ supplier_name: '' }, { requireSupplierName: false })).toEqual([]);
  });

  it('takes a supplier name of up to 64 characters (𠮷 is one), and says the limit in both languages', () => {
    expect(MAX_SUPPLIER_NAME_LENGTH).toBe(64);
    expect(keys({ supplier_name: '𠮷'.repeat(64) })).toEqual([]);
    expect(keys({ supplier_name: '𠮷'.repeat(65) })).toEqual([
      ['supplier_name', 'system.settings.error.supplierNameLength'],
    ]);
    expect(keys({ supplier_name: 'a'.repeat(65) }, { requireSupplierName: false })).toHaveLength(1);
    for (const locale of ['en-US', 'zh-CN'] as const)
      expect(messagesFor(locale)['system.settings.error.supplierNameLength'], locale).toContain('64');
  });

  it('checks the SOS sound and banner images as asset URLs and banner links as http(s)', () => {
    expect(
      keys({
        sos_sound: 'javascript:alert(1)',
        home_banners: [
          { image: '/uploads/../secret.png', link: 'ftp://example.com' },
          { image: 'https://cdn.example.com/ok.png', link: '' },
        ],
      }),
    ).toEqual([
      ['sos_sound', 'system.settings.error.assetUrl'],
      ['home_banners[0].image', 'system.settings.error.assetUrl'],
      ['home_banners[0].link', 'system.settings.error.link'],
    ]);
  });

  it('gives English messages naming the field, for the API envelope', () => {
    const [sound, link] = validateGlobalSettings({
      ...valid,
      sos_sound: 'nope',
      home_banners: [{ image: '/uploads/a.png', link: 'example.com' }],
    });
    expect(sound.message).toBe(`${assetUrlMessage('sos_sound')}.`);
    expect(link.message).toBe(
      'home_banners[0].link must be a full http:// or https:// address without spaces.',
    );
  });
});

describe('SOS sound and banner order', () => {
  it('takes only audio as the SOS sound: an uploaded audio file or an address ending in an audio extension', () => {
    for (const sound of [
      '/uploads/audio/202611/a.ogg',
      'https://x.cn/a.MP3',
      'http://x.cn/s/a.wav?v=1',
      'https://x.cn/a.m4a#t',
    ]) {
      expect(keys({ sos_sound: sound }), sound).toEqual([]);
    }
    for (const sound of [
      '/uploads/image/202611/a.png',
      'https://x.cn/a.png',
      'https://x.cn/sound',
      'https://x.cn/a.mp3.png',
    ]) {
      expect(keys({ sos_sound: sound }), sound).toEqual([['sos_sound', 'system.settings.error.audioOnly']]);
    }
  });

  it('refuses a banner order that is not a whole number from 0 to 9999, naming the banner', () => {
    const order = (value: unknown) =>
      keys({
        home_banners: [
          { image: '/uploads/a.png', order: 1 },
          { image: '/uploads/b.png', order: value },
        ],
      });
    expect(order(0)).toEqual([]);
    expect(order(undefined)).toEqual([]);
    for (const bad of [-1, 1.5, '2', 10_000]) {
      expect(order(bad), String(bad)).toEqual([['home_banners[1].order', 'system.settings.error.order']]);
    }
  });

  it('explains a link with a space or nothing after the scheme', () => {
    for (const link of ['http://a b', 'https://']) {
      const [problem] = validateGlobalSettings({
        ...valid,
        home_banners: [{ image: '/uploads/a.png', link }],
      });
      expect(problem.message).toMatch(/full http:\/\/ or https:\/\/ address without spaces/);
    }
  });
});

describe('isAssetUrl', () => {
  it('accepts http(s) URLs and normalised upload paths', () => {
    for (const url of ['https://cdn.example.com/a.png', 'http://x.cn/a?b=1', '/uploads/image/2026/a.b.png']) {
      expect(isAssetUrl(url)).toBe(true);
    }
  });

  it('refuses dot segments, control characters, other schemes and other paths', () => {
    for (const url of [
      '/uploads/../a.png',
      '/uploads/./a.png',
      'https://x.cn/a\u0000.png',
      'data:image/png;base64,AA',
      '/static/a.png',
      '/uploads/noextension',
    ]) {
      expect(isAssetUrl(url)).toBe(false);
    }
  });

  it('is the rule the supplier profile uses', () => {
    expect(supplierIsAssetUrl).toBe(isAssetUrl);
  });
});

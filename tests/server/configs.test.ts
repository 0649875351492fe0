import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../server/events/store';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';
import { expectReasonText } from './support/reasonText';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  staff = await t.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/global/configs', headers: bearer(token) });
const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/global/configs', headers: bearer(token), payload });
/** A save based on the latest settings: `changes` with the version read just before. */
const save = async (token: string, changes: object) =>
  put(token, { version: (await get(token)).json().data.version as number, ...changes });

const FIELDS = [
  'user_agreement',
  'privacy_agreement',
  'platform_transaction_rules',
  'supplier_enter_agreement',
  'customer_service_mobile',
  'customer_service_wechat',
  'sos_mobile',
  'sos_sound',
  'home_banners',
  'supplier_name',
  'refund_four_eyes',
  'version',
];

describe('GET /api/global/configs', () => {
  it('returns every system setting of the spec and its version, to any signed-in role', async () => {
    const response = await get(staff);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual([...FIELDS].sort());
    expect(data.home_banners).toEqual([]);
    expect(typeof data.version).toBe('number');
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/global/configs' });
    expect(response.json().err_code).toBe(50008);
  });
});

describe('PUT /api/global/configs', () => {
  it('saves the given fields for an admin, keeps the others, and records an event with old and new values', async () => {
    const before = (await get(admin)).json().data;
    const banners = [
      { image: '/uploads/image/202611/b.png', order: 2 },
      { image: 'https://cdn.example.com/a.jpg', link: 'https://example.com/promo', order: 1 },
    ];
    const response = await put(admin, {
      version: before.version,
      customer_service_mobile: '13912345678',
      home_banners: banners,
      supplier_name: 'Helper',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ customer_service_mobile: '13912345678', supplier_name: 'Helper' });
    expect(data.home_banners.map((b: { order: number }) => b.order)).toEqual([1, 2]);
    expect(data.user_agreement).toBe(before.user_agreement);
    expect(data.version).toBe(before.version + 1);
    expect((await get(staff)).json().data).toEqual(data);

    const events = await readStream(t.db, 'global_configs', 'global');
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      type: 'GlobalConfigsUpdated',
      version: data.version,
      actor: { role: 'admin' },
    });
    expect(last.data).toMatchObject({
      previous: {
        customer_service_mobile: before.customer_service_mobile,
        supplier_name: before.supplier_name,
      },
      changed: { customer_service_mobile: '13912345678', supplier_name: 'Helper' },
    });
  });

  it('refuses a user with 403 and a clear message, changing nothing', async () => {
    const before = (await get(admin)).json().data;
    const response = await put(staff, { supplier_name: 'Hacked' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ err_code: 403 });
    expect(response.json().err_msg).toMatch(/Only administrators may do this; you are signed in as a user/);
    expect((await get(admin)).json().data).toEqual(before);
  });

  it('refuses a save that does not say the version it was based on, and changes nothing', async () => {
    const before = (await get(admin)).json().data;
    const response = await put(admin, { supplier_name: 'Blind write' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({
      field: 'version',
      reason_key: 'errors.validation.required',
    });
    expect((await get(admin)).json().data).toEqual(before);
  });

  it('refuses a save based on an outdated version with 409 instead of overwriting', async () => {
    const { version } = (await get(admin)).json().data;
    expect((await put(admin, { version, supplier_name: 'First' })).statusCode).toBe(200);
    const stale = await put(admin, { version, supplier_name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().err_code).toBe(40901);
    expect(stale.json().err_msg).toMatch(/changed by someone else.*Reload/);
    expect((await get(admin)).json().data.supplier_name).toBe('First');
  });

  it.each([
    [{ customer_service_mobile: '12345' }, 'customer_service_mobile', /phone number/],
    [{ sos_mobile: 'call me' }, 'sos_mobile', /phone number/],
    [{ customer_service_wechat: '!!' }, 'customer_service_wechat', /WeChat ID/],
    [
      { sos_sound: 'javascript:alert(1)' },
      'sos_sound',
      /http:\/\/ or https:\/\/ URL or an uploaded file path/,
    ],
    [{ sos_sound: '/uploads/../../etc/passwd' }, 'sos_sound', /uploaded file path \(\/uploads\//],
    [{ sos_sound: 'sounds/sos.mp3' }, 'sos_sound', /http:\/\/ or https:\/\/ URL/],
    [{ home_banners: [{ image: 'ftp://x/y.png', order: 1 }] }, 'home_banners[0].image', /https:\/\/ URL/],
    [{ home_banners: [{ image: '/uploads/./x.png', order: 1 }] }, 'home_banners[0].image', /https:\/\/ URL/],
    [{ supplier_name: '' }, 'supplier_name', /cannot be empty/],
    [{ supplier_name: '   ' }, 'supplier_name', /cannot be empty/],
    [{ supplier_name: 'x\u0000y' }, 'supplier_name', /NUL character/],
    [{ user_agreement: '<p>a\u0000</p>' }, 'user_agreement', /NUL character/],
    [
      { home_banners: [{ image: '/uploads/a.png', link: 'javascript:alert(1)', order: 1 }] },
      'home_banners[0].link',
      /http:\/\/ or https:\/\//,
    ],
    [{ home_banners: [{ link: 'https://x.y', order: 1 }] }, 'home_banners[0].image', /is required/],
    [
      { home_banners: [{ image: '/uploads/a.png', order: 'first' }] },
      'home_banners[0].order',
      /order must be a whole number from 0 to 9999\./,
    ],
    [
      { home_banners: [{ image: '/uploads/a.png', order: -1 }] },
      'home_banners[0].order',
      /^home_banners\[0\]\.order must be a whole number from 0 to 9999\.$/,
    ],
    [
      {
        home_banners: [
          { image: '/uploads/a.png', order: 1 },
          { image: '/uploads/b.png', order: 1.5 },
        ],
      },
      'home_banners[1].order',
      /whole number/,
    ],
    [
      { home_banners: [{ image: '/uploads/a.png', link: 'http://a b', order: 1 }] },
      'home_banners[0].link',
      /^home_banners\[0\]\.link must be a full http:\/\/ or https:\/\/ address without spaces\.$/,
    ],
    [
      { home_banners: [{ image: '/uploads/a.png', link: 'https://', order: 1 }] },
      'home_banners[0].link',
      /full http:\/\/ or https:\/\/ address/,
    ],
    [{ sos_sound: '/uploads/image/202611/abc.png' }, 'sos_sound', /must be an audio file/],
    [{ sos_sound: 'http://example.com/sound' }, 'sos_sound', /ending in \.mp3, \.wav, \.ogg, \.m4a/],
    [{ sos_sound: 'https://example.com/a.mp3.png' }, 'sos_sound', /must be an audio file/],
    [{ supplier_name: 42 }, 'supplier_name', /must be a string/],
    [{ unknown_setting: 'x' }, 'unknown_setting', /Unknown field/],
    [{ version: -1 }, 'version', /version/],
  ])('refuses %j with 400 naming %s', async (payload, field, message) => {
    const response = await save(admin, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.err_code).toBe(400);
    expect(body.err_msg).toContain(field);
    expect(body.err_msg).toMatch(message);
    expect(body.data).toMatchObject({
      field,
      reason_key: expect.stringMatching(/^(errors\.validation|system\.settings\.error)\./),
    });
  });

  it('stores agreements sanitised: a stored XSS payload comes back inert', async () => {
    const response = await save(admin, {
      user_agreement: '<p onclick="alert(1)">Terms<script>alert(2)</script><img src=x onerror=alert(3)></p>',
      privacy_agreement: '<a href="javascript:alert(4)">privacy</a>',
    });
    expect(response.statusCode).toBe(200);
    const { data } = (await get(staff)).json();
    expect(data.user_agreement).toBe('<p>Terms<img src="x"></p>');
    expect(data.privacy_agreement).toBe('<a>privacy</a>');
  });

  it('refuses an agreement whose every visible part is unsafe, rather than wiping it; an emptied one clears it', async () => {
    const before = (await get(staff)).json().data;
    const refused = await put(admin, {
      user_agreement: '<script>alert(1)</script>',
      version: before.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toMatchObject({ field: 'user_agreement' });
    expect(expectReasonText(refused.json().data)).toBe('system.settings.error.unsafeOnly');
    expect((await get(staff)).json().data).toMatchObject({
      user_agreement: before.user_agreement,
      version: before.version,
    });
    // The editor emptied sends its empty paragraph: that clears it, as '' does.
    const cleared = await put(admin, { platform_transaction_rules: '<p><br></p>', version: before.version });
    expect(cleared.statusCode).toBe(200);
    expect((await get(staff)).json().data.platform_transaction_rules).toBe('<p><br></p>');
  });

  it('accepts an SOS sound that is an uploaded audio file or an audio address', async () => {
    for (const sound of [
      '/uploads/audio/202611/abc.mp3',
      'https://cdn.example.com/s/SOS.WAV?v=2',
      'http://x.y/a.m4a',
      '',
    ]) {
      const response = await save(admin, { sos_sound: sound });
      expect(response.statusCode, sound).toBe(200);
      expect((await get(admin)).json().data.sos_sound).toBe(sound);
    }
  });

  it('accepts empty strings (a setting not set) and common phone formats', async () => {
    for (const phone of ['', '010-12345678', '400-800-1234', '+86 13800138000']) {
      const response = await save(admin, { customer_service_mobile: phone });
      expect(response.statusCode, phone).toBe(200);
    }
  });
});

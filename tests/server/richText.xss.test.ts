import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_FIELDS } from '../../src/machines/lifecycles/projectDetails';
import { RICH_TEXT_KEYS } from '../../server/modules/configs/globalConfigs';
import { callAs } from './support/apps';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// A corpus of stored-XSS payloads through every rich-text field of every entity (project intro, avoid and order
// instructions; the four agreements of the settings; a notice's and an activity's content), on create and on edit: what the API
// serves back, and what the log keeps, is inert, while the formatting around it survives.

const CORPUS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(2)</scr</script>ipt>',
  '<img src=x onerror=alert(3)>',
  '<img src="javascript:alert(4)">',
  '<img src=x:alert(5) onerror=eval(src)>',
  '<a href="javascript:alert(6)">a</a>',
  '<a href="JaVaScRiPt:alert(7)">b</a>',
  '<a href="&#106;avascript:alert(8)">c</a>',
  '<a href="&#x6A;avascript&colon;alert(9)">d</a>',
  '<a href=" javascript:alert(10)">e</a>',
  '<a href="java\tscript:alert(11)">f</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxMik8L3NjcmlwdD4=">g</a>',
  '<iframe src="javascript:alert(13)"></iframe>',
  '<iframe srcdoc="<script>alert(14)</script>"></iframe>',
  '<svg onload=alert(15)><circle r=1 /></svg>',
  '<svg><script>alert(16)</script></svg>',
  '<math><mtext><img src=x onerror=alert(17)></mtext></math>',
  '<p style="background:url(javascript:alert(18))">h</p>',
  '<p style="width: expression(alert(19))">i</p>',
  '<div style="behavior: url(x.htc)">j</div>',
  '<style>@import "javascript:alert(20)";</style>',
  '<object data="javascript:alert(21)"></object>',
  '<embed src="javascript:alert(22)">',
  '<form action="javascript:alert(23)"><button>k</button></form>',
  '<body onload=alert(24)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(25)">',
  '<base href="javascript:alert(26)//">',
  '<p <img src=x onerror=alert(27)>>l</p>',
  '<<script>script>alert(28)<</script>/script>',
  '<p title="</p><script>alert(29)</script>">m</p>',
  '<!--<script>alert(30)</script>-->',
  '<![CDATA[<script>alert(31)</script>]]>',
  '<details open ontoggle=alert(32)>',
  '<a href="vbscript:msgbox(33)">n</a>',
  '<p>unclosed <b>bold <i>italic',
  // Through what the toolbar may write (src/contract/richText.ts): its tags, classes and styles carry nothing else.
  '<table class="ql-table" contenteditable="false" onmouseover=alert(34)><tr><td>o</td></tr></table>',
  '<hr class="ql-page-break" onclick="alert(35)">',
  '<span style="font-family: SimSun; background-image: url(javascript:alert(36))">p</span>',
  '<span style="font-family: SimSun&quot;;}</style><script>alert(37)</script>">q</span>',
  '<iframe class="ql-video" src="https://www.youtube.com/embed/x" srcdoc="<script>alert(38)</script>"></iframe>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMzkpPg==">',
  '<pre class="ql-syntax" spellcheck="false" onfocus=alert(40) autofocus>r</pre>',
  '<p class="ql-align-center" style="position:fixed;inset:0" onclick=alert(41)>s</p>',
];

const KEEP = '<p>Keep <strong>this</strong></p>';
const ALL = KEEP + CORPUS.join('');

function assertInert(html: string, where: string) {
  expect(html, where).not.toMatch(/<\s*(script|style|svg|math|object|embed|form|meta|base|body)\b/i);
  expect(html, where).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html, where).not.toMatch(/(javascript|vbscript|data)\s*:/i);
  expect(html, where).not.toMatch(/&#x?0*(6a|106);/i);
  expect(html, where).not.toMatch(/expression\s*\(|behavior\s*:|srcdoc|position\s*:/i);
  expect(html, where).toContain('<strong>this</strong>');
}

let app: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.login(ADMIN.email, ADMIN.password);
  staff = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => app?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callAs(app, token, method, url, payload);

async function history(url: string): Promise<string> {
  return JSON.stringify((await call(staff, 'GET', `${url}/events`)).body.data);
}

describe('stored XSS through every rich-text field', () => {
  it('projects: intro, avoid and order instructions, on create and on edit', async () => {
    const fields = Object.fromEntries(RICH_TEXT_FIELDS.map((f) => [f, ALL]));
    const created = await call(staff, 'POST', '/api/projects', {
      project_name: 'XSS corpus project',
      min_price: '10',
      max_price: '20',
      summary: 'corpus',
      ...fields,
    });
    expect(created.status, created.body.err_msg).toBe(200);
    const id = created.body.data.id;
    for (const f of RICH_TEXT_FIELDS) assertInert(created.body.data[f], `create ${f}`);
    const edited = await call(staff, 'PUT', `/api/projects/${id}`, {
      ...Object.fromEntries(RICH_TEXT_FIELDS.map((f) => [f, `${ALL}<p>edited</p>`])),
      expectedVersion: 1,
    });
    expect(edited.status, edited.body.err_msg).toBe(200);
    const detail = (await call(staff, 'GET', `/api/projects/${id}`)).body.data;
    for (const f of RICH_TEXT_FIELDS) {
      assertInert(detail[f], `edit ${f}`);
      expect(detail[f]).toContain('edited');
    }
    assertInert(await history(`/api/projects/${id}`), 'project history');
  });

  it('the settings: every agreement', async () => {
    const current = (await call(admin, 'GET', '/api/global/configs')).body.data;
    const saved = await call(admin, 'PUT', '/api/global/configs', {
      ...Object.fromEntries(RICH_TEXT_KEYS.map((k) => [k, ALL])),
      version: current.version,
    });
    expect(saved.status, saved.body.err_msg).toBe(200);
    const after = (await call(staff, 'GET', '/api/global/configs')).body.data;
    for (const k of RICH_TEXT_KEYS) assertInert(after[k], k);
  });

  it('notices: the content, on create and on edit', async () => {
    const created = await call(staff, 'POST', '/api/notices', {
      type: 'help',
      title: 'XSS corpus notice',
      content: ALL,
      audience: 'everyone',
    });
    expect(created.status, created.body.err_msg).toBe(200);
    const id = created.body.data.id;
    assertInert(created.body.data.content, 'notice create');
    const edited = await call(staff, 'PUT', `/api/notices/${id}`, {
      content: `${ALL}<p>edited</p>`,
      expectedVersion: 1,
    });
    expect(edited.status, edited.body.err_msg).toBe(200);
    assertInert(edited.body.data.notice.content, 'notice edit');
    assertInert(await history(`/api/notices/${id}`), 'notice history');
  });

  it('activities: the content, on create and on edit', async () => {
    const city = (await call(staff, 'GET', '/api/service-cities?is_enabled=true&page_size=1')).body.data
      .items[0].name;
    const project = (await call(staff, 'GET', '/api/projects?is_enabled=true&page_size=1')).body.data.items[0]
      .id;
    const created = await call(staff, 'POST', '/api/activities', {
      title: 'XSS corpus',
      content: ALL,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      cities: [city],
      project_ids: [project],
    });
    expect(created.status, created.body.err_msg).toBe(200);
    const id = created.body.data.id;
    assertInert(created.body.data.content, 'activity create');
    const edited = await call(staff, 'PUT', `/api/activities/${id}`, {
      content: `${ALL}<p>edited</p>`,
      expectedVersion: 1,
    });
    expect(edited.status, edited.body.err_msg).toBe(200);
    assertInert(edited.body.data.activity.content, 'activity edit');
    assertInert(await history(`/api/activities/${id}`), 'activity history');
  });

  it('each payload alone leaves nothing that runs', async () => {
    for (const [i, payload] of CORPUS.entries()) {
      const created = await call(staff, 'POST', '/api/notices', {
        type: 'help',
        title: `XSS payload ${i}`,
        content: KEEP + payload,
        audience: 'everyone',
      });
      expect(created.status, `${payload}: ${created.body.err_msg}`).toBe(200);
      assertInert(created.body.data.content, payload);
    }
  });
});

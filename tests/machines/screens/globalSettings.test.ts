import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  globalSettingsMachine,
  settingsChanges,
  settingsErrors,
  selectBusy,
  formOf,
} from '@/machines/screens/globalSettingsMachine';
import type { GlobalConfigsDto } from '@/services/globalConfigs';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';

const configs = (o: Partial<GlobalConfigsDto> = {}): GlobalConfigsDto => ({
  refund_four_eyes: true,
  user_agreement: '<p>u</p>',
  privacy_agreement: '',
  platform_transaction_rules: '',
  supplier_enter_agreement: '',
  customer_service_mobile: '400-800-1234',
  customer_service_wechat: 'service_helper',
  sos_mobile: '13800138000',
  sos_sound: '',
  home_banners: [
    { image: '/uploads/b.png', order: 2 },
    { image: '/uploads/a.png', order: 1, link: 'https://a.example' },
  ],
  supplier_name: 'Service Partner',
  version: 3,
  ...o,
});
const conflict = new ApiError('changed', 40901, 409);
const refused = new ApiError('bad', 400, 400);
const audio = new Blob(['x'], { type: 'audio/mpeg' });
const image = new Blob(['x'], { type: 'image/png' });

describeMachinePaths(globalSettingsMachine, {
  input: { role: 'admin' },
  events: (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.loadSettings', output: configs() },
    { type: 'xstate.error.actor.loadSettings', error: refused },
    { type: 'xstate.done.actor.saveSettings', output: configs({ version: 4 }) },
    { type: 'xstate.error.actor.saveSettings', error: conflict },
    { type: 'xstate.error.actor.saveSettings', error: refused },
    { type: 'xstate.done.actor.uploadFile', output: '/uploads/s.mp3' },
    { type: 'xstate.error.actor.uploadFile', error: refused },
    { type: 'settings.retry' },
    {
      type: 'field.change',
      field: 'sos_mobile',
      value:
        s.context.form.sos_mobile === '13800138000'
          ? '13900139000'
          : s.context.form.sos_mobile === '13900139000'
            ? '12'
            : '13800138000',
    },
    { type: 'upload.start', target: 'sos_sound', file: audio },
    { type: 'upload.start', target: 'banner', file: audio }, // refused: a banner must be an image
    { type: 'banner.linkChange', index: 0, value: 'https://x.example' },
    { type: 'banner.move', index: 0, delta: 1 },
    { type: 'banner.remove', index: 0 },
    { type: 'form.save' },
    { type: 'conflict.reload' },
    { type: 'conflict.keepEditing' },
    { type: 'conflict.dismiss' },
    { type: 'xstate.done.actor.rebase', output: configs({ version: 5 }) },
    { type: 'xstate.error.actor.rebase', error: refused },
  ],
  skip: {
    'globalSettings.editing|form.save|0': 'the non-admin branch: covered by "a user cannot save" below',
  },
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.context.form.sos_mobile, s.context.loaded !== null]),
});

function start(
  role: string,
  save = async (_: unknown) => configs({ version: 4 }),
  load = async () => configs(),
) {
  const saved: unknown[] = [];
  const machine = globalSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(load),
      saveSettings: fromPromise(
        async ({ input }: { input: { changes: Record<string, unknown>; version: number } }) => (
          saved.push(input),
          save(input)
        ),
      ),
      uploadFile: fromPromise(
        async ({ input }: { input: { target: 'sos_sound' | 'banner'; file: Blob } }): Promise<string> =>
          input.target === 'banner' ? '/uploads/new.png' : '/uploads/sos.mp3',
      ),
    },
  });
  return { actor: createActor(machine, { input: { role } }).start(), saved };
}

describe('global settings screen', () => {
  it('validates phone numbers, WeChat, links and the supplier name', () => {
    const form = formOf(configs());
    expect(settingsErrors(form)).toEqual({});
    form.customer_service_mobile = '12345';
    form.customer_service_wechat = '1bad';
    form.supplier_name = '  ';
    form.home_banners[0].link = 'javascript:alert(1)';
    expect(settingsErrors(form)).toEqual({
      customer_service_mobile: 'system.settings.error.phone',
      customer_service_wechat: 'system.settings.error.wechat',
      supplier_name: 'system.settings.error.supplierName',
      'home_banners.0.link': 'system.settings.error.link',
    });
  });

  it('orders banners by order and saves only changes, banners renumbered by position', () => {
    const loaded = configs();
    const form = formOf(loaded);
    expect(form.home_banners.map((b) => b.image)).toEqual(['/uploads/a.png', '/uploads/b.png']);
    expect(settingsChanges(loaded, form)).toEqual({});
    form.home_banners.reverse();
    form.sos_mobile = ' 13900139000 ';
    expect(settingsChanges(loaded, form)).toEqual({
      sos_mobile: '13900139000',
      home_banners: [
        { image: '/uploads/b.png', order: 1 },
        { image: '/uploads/a.png', order: 2, link: 'https://a.example' },
      ],
    });
  });

  it('sends the four-eyes switch only when it is flipped, as a boolean', async () => {
    const loaded = configs();
    const form = formOf(loaded);
    expect(form.refund_four_eyes).toBe(true);
    expect(settingsChanges(loaded, { ...form, refund_four_eyes: false })).toEqual({
      refund_four_eyes: false,
    });
    const { actor } = start('admin');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'flag.change', field: 'refund_four_eyes', value: false });
    expect(actor.getSnapshot().context.form.refund_four_eyes).toBe(false);
  });

  it('accepts only audio for the SOS sound and only images for banners', async () => {
    const { actor } = start('admin');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'upload.start', target: 'sos_sound', file: image });
    expect(actor.getSnapshot().context.uploadError?.keys).toEqual(['system.settings.error.audioOnly']);
    actor.send({ type: 'upload.start', target: 'banner', file: audio });
    expect(actor.getSnapshot().context.uploadError?.keys).toEqual(['system.settings.error.imageOnly']);
    actor.send({ type: 'upload.start', target: 'sos_sound', file: audio });
    await waitFor(actor, (s) => s.matches('editing') && s.context.form.sos_sound !== '');
    expect(actor.getSnapshot().context.form.sos_sound).toBe('/uploads/sos.mp3');
    actor.send({ type: 'upload.start', target: 'banner', file: image });
    await waitFor(actor, (s) => s.matches('editing') && s.context.form.home_banners.length === 3);
  });

  it('saves with the loaded version; a conflict keeps the input until reload', async () => {
    const { actor, saved } = start('admin', async () => {
      throw conflict;
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'supplier_name', value: 'Helper' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(saved).toEqual([{ changes: { supplier_name: 'Helper' }, version: 3 }]);
    expect(actor.getSnapshot().context.form.supplier_name).toBe('Helper');
    actor.send({ type: 'conflict.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form.supplier_name).toBe('Service Partner');
  });

  it('keeps one’s changes through a conflict, on top of the latest settings, the next save at their version', async () => {
    // Someone else turned the four eyes off and renamed the supplier meanwhile.
    const loads = [configs(), configs({ version: 5, refund_four_eyes: false, supplier_name: 'Partner' })];
    const { actor, saved } = start(
      'admin',
      async () => {
        if (saved.length === 1) throw conflict;
        return configs({ version: 6 });
      },
      async () => loads.shift()!,
    );
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'supplier_name', value: 'Helper' });
    actor.send({ type: 'field.change', field: 'sos_mobile', value: '13900139000' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.keepEditing' });
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    // Typed while the latest is read: kept with the rest.
    actor.send({ type: 'field.change', field: 'customer_service_wechat', value: 'helpdesk_01' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form.customer_service_wechat).toBe('helpdesk_01');
    expect(actor.getSnapshot().context.form).toMatchObject({
      supplier_name: 'Helper',
      sos_mobile: '13900139000',
      refund_four_eyes: false,
    });
    expect(actor.getSnapshot().context.overlaps).toEqual(['supplier_name']);
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && saved.length === 2);
    expect(saved[1]).toEqual({
      changes: { supplier_name: 'Helper', sos_mobile: '13900139000', customer_service_wechat: 'helpdesk_01' },
      version: 5,
    });
  });

  it('says when a save is refused for its fields, so the page can show the first (the button is far below)', async () => {
    const { actor, saved } = start('admin');
    await waitFor(actor, (s) => s.matches('editing'));
    const said: string[] = [];
    actor.on('form.problems', (e) => said.push(e.type));
    actor.send({ type: 'field.change', field: 'customer_service_mobile', value: '12345' });
    actor.send({ type: 'form.save' });
    expect(said).toEqual(['form.problems']);
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['customer_service_mobile']);
    expect(saved).toEqual([]);
    // A valid save says nothing of the kind.
    actor.send({ type: 'field.change', field: 'customer_service_mobile', value: '400-800-9999' });
    actor.send({ type: 'form.save' });
    await waitFor(actor, (s) => s.matches('editing') && saved.length === 1);
    expect(said).toEqual(['form.problems']);
  });

  it('keeps a phone number typed with full-width digits as its ASCII digits, and other text as typed', async () => {
    const { actor } = start('admin');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'customer_service_mobile', value: '４００－８００－９９９９' });
    actor.send({ type: 'field.change', field: 'supplier_name', value: '１号店' });
    expect(actor.getSnapshot().context.form.customer_service_mobile).toBe('400-800-9999');
    expect(actor.getSnapshot().context.form.supplier_name).toBe('１号店');
  });

  it('a user cannot save', async () => {
    const { actor, saved } = start('user');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'supplier_name', value: 'Helper' });
    actor.send({ type: 'form.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(saved).toEqual([]);
  });
});

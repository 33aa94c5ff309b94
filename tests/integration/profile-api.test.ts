// Profile calls: every rule and message of the profile and password forms, e-mail/phone uniqueness,
// avatar uploads (content sniffing, re-encoding, pixel limit, access-checked serving), password change
// ending the other sessions, and the legacy profile calls.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithCustomers, type ApiClient } from '../helpers/api-client.ts';
import type { TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let dmitry: string;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const profile = {
  name: 'Ольга',
  surname: 'Демидова',
  ochestvo: 'Сергеевна',
  sex: '2',
  birthday: '1985-04-12',
  place: 'г Ижевск, ул Пушкинская, д 154',
  phone: '+79000000001',
  email: 'olga.demidova@demo.example',
  post: 'Главный инженер',
};

function upload(
  bytes: Uint8Array | Buffer,
  name: string,
  fields: Record<string, string> = profile,
) {
  const form = new FormData();
  for (const [k, val] of Object.entries(fields)) form.append(k, val);
  form.append('avatar', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

beforeAll(async () => {
  ({ server, api, olga, dmitry } = await startWithCustomers());
});
afterAll(() => server?.stop());

describe('profile update', () => {
  it('answers each rule with the message of the spec', async () => {
    const r = await api('/api/v1/profile/update', {
      token: olga,
      json: { ...profile, name: ' ', surname: '', email: '' },
    });
    expect(r.status).toBe(422);
    expect(r.data).toEqual({
      message: 'An error occurred, try later',
      errors: {
        name: 'First name is required',
        surname: 'Last name is required',
        email: 'Email is required',
      },
    });
    const bad = await api('/api/v1/profile/update', {
      token: olga,
      json: { ...profile, email: 'olga@', phone: '12-34' },
    });
    expect(bad.data.errors).toEqual({
      email: 'Wrong email format',
      phone: 'Phone number is not valid',
    });
  });

  it('changes only the fields it is sent; a field sent empty is cleared', async () => {
    expect((await api('/api/v1/profile/update', { token: olga, json: profile })).status).toBe(200);
    const r = await api('/api/v1/profile/update', {
      token: olga,
      json: { post: 'Технический директор' },
    });
    expect(r.status).toBe(200);
    expect(r.data.data).toMatchObject({ ...profile, sex: 2, post: 'Технический директор' });
    const cleared = await api('/api/v1/profile/update', {
      token: olga,
      json: { ochestvo: '', place: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.data.data).toMatchObject({
      name: profile.name,
      birthday: profile.birthday,
      post: 'Технический директор',
      ochestvo: null,
      place: null,
    });
    expect((await api('/api/v1/profile/update', { token: olga, json: profile })).status).toBe(200);
  });

  it('accepts the phone pattern: optional plus, 3 + 3 + 4 to 6 digits', async () => {
    for (const phone of ['+7 912 345-67-89', '912 345 6789', '(912) 345-678901']) {
      expect(
        (
          await api('/api/v1/profile/update', {
            token: olga,
            json: { ...profile, phone, current_password: 'Demo2026' },
          })
        ).status,
        phone,
      ).toBe(200);
    }
    for (const phone of ['912 345 678', '+912 345 67890123', '9123456abc']) {
      expect(
        (await api('/api/v1/profile/update', { token: olga, json: { ...profile, phone } })).data
          .errors?.phone,
        phone,
      ).toBe('Phone number is not valid');
    }
  });

  it('saves the fields, normalising e-mail and a Russian phone', async () => {
    const r = await api('/api/v1/profile/update', {
      token: olga,
      json: {
        ...profile,
        email: 'Olga.Demidova@Demo.Example',
        phone: '8 (900) 000-00-01',
        ochestvo: '',
        sex: '',
        current_password: 'Demo2026',
      },
    });
    expect(r.status).toBe(200);
    expect(r.data.message).toBe('Data saved successfully');
    expect(r.data.data).toMatchObject({
      email: 'olga.demidova@demo.example',
      phone: '+79000000001',
      ochestvo: null,
      sex: null,
      birthday: '1985-04-12',
    });
    const ru = await api('/api/v1/profile/update', { token: olga, json: profile, lang: 'ru' });
    expect(ru.data.message).toBe('Данные успешно сохранены');
  });

  it('asks for the current password before the e-mail or phone changes (codes and recovery go there)', async () => {
    const changed = { ...profile, email: 'olga.new@demo.example' };
    const missing = await api('/api/v1/profile/update', { token: olga, json: changed, lang: 'ru' });
    expect(missing.status).toBe(422);
    expect(missing.data.errors).toEqual({
      current_password: 'Чтобы изменить e-mail или телефон, введите текущий пароль',
    });
    const wrong = await api('/api/v1/profile/update', {
      token: olga,
      json: { ...changed, current_password: 'Nope2026' },
      lang: 'ru',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.data.errors).toEqual({ current_password: 'Неверный пароль' });
    const ok = await api('/api/v1/profile/update', {
      token: olga,
      json: { ...changed, current_password: 'Demo2026' },
    });
    expect(ok.status).toBe(200);
    expect(ok.data.data.email).toBe('olga.new@demo.example');
    // Other fields alone need no password.
    expect(
      (
        await api('/api/v1/profile/update', {
          token: olga,
          json: { ...changed, post: 'Главный механик' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api('/api/v1/profile/update', {
          token: olga,
          json: { ...profile, current_password: 'Demo2026' },
        })
      ).status,
    ).toBe(200);
  });

  it('keeps e-mail and phone unique with a clear message', async () => {
    const r = await api('/api/v1/profile/update', {
      token: olga,
      json: { ...profile, email: 'dmitry.volkov@demo.example', phone: '+79000000002' },
    });
    expect(r.status).toBe(409);
    expect(r.data.errors).toEqual({
      email: 'This email is already used by another account',
      phone: 'This phone number is already used by another account',
    });
  });

  it('rejects a birthday in the future and an unknown sex', async () => {
    const r = await api('/api/v1/profile/update', {
      token: olga,
      json: { ...profile, birthday: '2999-01-01', sex: '3' },
    });
    expect(r.data.errors).toEqual({
      birthday: 'Date of birth is not valid',
      sex: 'Field is not valid',
    });
    // The generic message names the field in the person's language too.
    const ru = await api('/api/v1/profile/update', {
      token: olga,
      json: { birthday: '2999-01-01' },
      lang: 'ru',
    });
    expect(ru.data.errors).toEqual({ birthday: 'Поле «Дата рождения» заполнено неверно' });
  });
});

describe('avatar', () => {
  it('re-encodes a PNG to a 256x256 WebP served only to signed-in users', async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#2e7d32' },
    })
      .png()
      .toBuffer();
    const r = await api('/api/v1/profile/update', { token: olga, body: upload(png, 'me.png') });
    expect(r.status).toBe(200);
    const url: string = r.data.data.avatar;
    expect(url).toMatch(/^\/files\/[A-Za-z0-9_-]{21}$/);
    const file = await fetch(new URL(url, server.url), {
      headers: { Authorization: `Bearer ${olga}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="avatar\.webp"/);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const anonymous = await fetch(new URL(url, server.url), { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(
      (
        await fetch(new URL('/files/AAAAAAAAAAAAAAAAAAAAA', server.url), {
          headers: { Authorization: `Bearer ${olga}` },
        })
      ).status,
    ).toBe(404);
  });

  it('replaces the avatar through its own call and removes the old file', async () => {
    const before = (await api('/api/v1/profile/update', { token: olga, json: profile })).data.data
      .avatar;
    const jpeg = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#1565c0' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(jpeg)]), 'photo.JPEG');
    const r = await api('/api/v1/profile/avatar', { token: olga, body: form });
    expect(r.status).toBe(200);
    expect(r.data.data.avatar).not.toBe(before);
    expect(
      (await fetch(new URL(before, server.url), { headers: { Authorization: `Bearer ${olga}` } }))
        .status,
    ).toBe(404);
  });

  it('refuses files whose content or extension is not PNG/JPEG', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const cases: Array<[Uint8Array | Buffer, string]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'evil.png'],
      [gif, 'anim.gif'],
      [png, 'picture.jpg'],
      [png, 'picture.svg'],
    ];
    for (const [bytes, name] of cases) {
      const r = await api('/api/v1/profile/update', { token: olga, body: upload(bytes, name) });
      expect(r.status, name).toBe(422);
      expect(r.data.errors.avatar, name).toBe('Only .png, .jpg and .jpeg images are allowed');
    }
  });

  it('refuses images over the pixel limit and broken images', async () => {
    const huge = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const r = await api('/api/v1/profile/update', { token: olga, body: upload(huge, 'huge.png') });
    expect(r.data.errors?.avatar).toBe('The picture could not be read or is too large');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    expect(
      (await api('/api/v1/profile/update', { token: olga, body: upload(broken, 'broken.jpg') }))
        .data.errors?.avatar,
    ).toBe('The picture could not be read or is too large');
  });

  it('lets another signed-in user see an avatar but nobody else reads other files', async () => {
    const url = (await api('/api/v1/profile/update', { token: olga, json: profile })).data.data
      .avatar;
    expect(
      (await fetch(new URL(url, server.url), { headers: { Authorization: `Bearer ${dmitry}` } }))
        .status,
    ).toBe(200);
  });
});

describe('password change', () => {
  let token: string;
  let other: string;
  beforeAll(async () => {
    token = (await sessionFor(server, 'sergey.ivanov@demo.example')).token;
    other = (await sessionFor(server, 'sergey.ivanov@demo.example')).token;
  });

  it('answers each rule with the message of the spec', async () => {
    const empty = await api('/api/v1/profile/password', { token, json: {} });
    expect(empty.status).toBe(422);
    expect(empty.data).toEqual({
      ok: false,
      message: 'An error occurred',
      errors: {
        oldPassword: 'Current password is required',
        newPassword: 'New password is required',
        verifyPassword: 'Password confirmation is required',
      },
    });
    const simple = await api('/api/v1/profile/password', {
      token,
      json: { oldPassword: 'Demo2026', newPassword: 'password1', verifyPassword: 'password1' },
    });
    expect(simple.data.errors).toEqual({ newPassword: 'Password is too simple' });
    const mismatch = await api('/api/v1/profile/password', {
      token,
      json: { oldPassword: 'Demo2026', newPassword: 'Secret2027', verifyPassword: 'Secret2028' },
    });
    expect(mismatch.data.errors).toEqual({
      verifyPassword: "Password and Confirm Password didn't match",
    });
  });

  it('checks the current password on the server', async () => {
    const r = await api('/api/v1/profile/password', {
      token,
      json: { oldPassword: 'wrong-Pass1', newPassword: 'Secret2027', verifyPassword: 'Secret2027' },
    });
    expect(r.status).toBe(422);
    expect(r.data.errors).toEqual({ oldPassword: 'Invalid password' });
    expect(
      (
        await api('/api/v1/profile/password', {
          token: olga,
          json: { oldPassword: 'x', newPassword: 'Secret2027', verifyPassword: 'Secret2027' },
          lang: 'ru',
        })
      ).data.errors.oldPassword,
    ).toBe('Неверный пароль');
  });

  it('changes it and ends every other session', async () => {
    const r = await api('/api/v1/profile/password', {
      token,
      json: { oldPassword: 'Demo2026', newPassword: 'Secret2027', verifyPassword: 'Secret2027' },
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ ok: true, message: 'Password changed successfully' });
    expect((await api('/api/v1/organisations/all', { token })).status).toBe(200);
    expect((await api('/api/v1/organisations/all', { token: other })).status).toBe(401);
  });

  it('works through the legacy GET with base64 values and the password check', async () => {
    const q = new URLSearchParams({
      oldPassword: b64('Secret2027'),
      newPassword: b64('Пароль2028Ab'),
      verifyPassword: b64('Пароль2028Ab'),
    });
    const weak = await api(`/api/app/profile.password?${q}`, { token, tokenInQuery: true });
    expect(weak.data.ok).toBe(true);
    const check = async (p: string) =>
      (
        await api(`/api/app/profile.passwordCheck?password=${encodeURIComponent(b64(p))}`, {
          token,
          tokenInQuery: true,
          json: {},
        })
      ).data;
    expect(await check('Пароль2028Ab')).toEqual({ success: true });
    expect((await check('Secret2027')).success).toBe(false);
    const body = await api('/api/app/profile.passwordCheck', {
      token,
      tokenInQuery: true,
      json: { password: b64('Пароль2028Ab') },
    });
    expect(body.data.success).toBe(true);
    const bad = await api(
      `/api/app/profile.password?${new URLSearchParams({ oldPassword: b64('nope'), newPassword: b64('A1bcdefgh'), verifyPassword: b64('A1bcdefgh') })}`,
      { token, tokenInQuery: true },
    );
    expect(bad.data).toMatchObject({ ok: false, errors: { oldPassword: 'Invalid password' } });
  });

  it('refuses the GET password change on the browser cookie alone (a link from another site must not change it)', async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const q = new URLSearchParams({
      oldPassword: b64('Demo2026'),
      newPassword: b64('Secret2099'),
      verifyPassword: b64('Secret2099'),
    });
    const res = await fetch(`${server.url}/api/app/profile.password?${q}`, { headers: { cookie } });
    expect(res.status).toBe(401);
  });
});

describe('legacy profile save', () => {
  it('saves the query fields, keeping the ones left out', async () => {
    const q = new URLSearchParams({
      name: 'Дмитрий',
      surname: 'Волков',
      place: 'г Ижевск, ул Ленина, д 21',
      phone: '+79000000002',
      email: 'dmitry.volkov@demo.example',
    });
    const r = await api(`/api/app/profile.store?${q}`, {
      token: dmitry,
      tokenInQuery: true,
      json: {},
    });
    expect(r.status).toBe(200);
    expect(r.data.message).toBe('Data saved successfully');
    expect(r.data.data).toMatchObject({
      place: 'г Ижевск, ул Ленина, д 21',
      post: 'Начальник котельной',
      ochestvo: 'Андреевич',
    });
    const bad = await api(`/api/app/profile.store?email=nope`, {
      token: dmitry,
      tokenInQuery: true,
      json: {},
    });
    expect(bad.data).toEqual({
      message: 'An error occurred, try later',
      errors: { email: 'Wrong email format' },
    });
  });
});

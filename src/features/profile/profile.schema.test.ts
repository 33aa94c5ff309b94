import { describe, expect, it } from 'vitest';
import { parseWith } from '#lib/validation.ts';
import { sniffImage } from './avatar.server.ts';
import {
  isBirthday,
  isStrongPassword,
  PasswordChangeSchema,
  ProfileSchema,
  storedPhone,
} from './profile.schema.ts';

const base = { name: 'Olga', surname: 'Demidova', email: 'olga@example.com' };

describe('profile rules', () => {
  it('requires name, surname and a valid e-mail', () => {
    const r = parseWith(ProfileSchema, { name: ' ', surname: '', email: '' });
    expect(r.ok ? {} : r.errors).toEqual({
      name: 'profile.errors.nameRequired',
      surname: 'profile.errors.surnameRequired',
      email: 'profile.errors.emailRequired',
    });
    const bad = parseWith(ProfileSchema, { ...base, email: 'olga@@x' });
    expect(bad.ok ? {} : bad.errors).toEqual({ email: 'profile.errors.emailFormat' });
  });

  it('takes an optional phone of an optional plus, 3 + 3 + 4..6 digits', () => {
    const phone = (p: string) => parseWith(ProfileSchema, { ...base, phone: p }).ok;
    expect(['', '+79001234567', '900 123 4567', '(900) 123-456789', '+1234567890']).toEqual(
      ['', '+79001234567', '900 123 4567', '(900) 123-456789', '+1234567890'].filter(phone),
    );
    expect(['123456789', '+1234567890123', '900-123-45a7', '++79001234567'].filter(phone)).toEqual(
      [],
    );
  });

  it('stores Russian numbers as +7XXXXXXXXXX and others as typed digits', () => {
    expect(storedPhone('8 (900) 123-45-67')).toBe('+79001234567');
    expect(storedPhone('+7 900 123 45 67')).toBe('+79001234567');
    expect(storedPhone('+1234567890')).toBe('+1234567890');
    expect(storedPhone(' ')).toBeNull();
  });

  it('accepts only real past birthdays', () => {
    expect(isBirthday('1985-04-12')).toBe(true);
    expect(isBirthday('1985-02-30')).toBe(false);
    expect(isBirthday('2999-01-01')).toBe(false);
    expect(isBirthday('12.04.1985')).toBe(false);
  });
});

describe('password change rules', () => {
  it('needs 8+ characters with upper and lower case and a digit', () => {
    expect(['Abcdefg1', 'ПарольAb1'].map(isStrongPassword)).toEqual([true, true]);
    expect(['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh'].map(isStrongPassword)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('names each failing field with its message key', () => {
    const r = parseWith(PasswordChangeSchema, {
      oldPassword: 'x',
      newPassword: 'Abcdefg1',
      verifyPassword: 'Abcdefg2',
    });
    expect(r.ok ? {} : r.errors).toEqual({ verifyPassword: 'profile.password.errors.mismatch' });
    const s = parseWith(PasswordChangeSchema, {
      oldPassword: '',
      newPassword: 'simple',
      verifyPassword: '',
    });
    expect(s.ok ? {} : s.errors).toEqual({
      oldPassword: 'profile.password.errors.currentRequired',
      newPassword: 'profile.password.errors.simple',
      verifyPassword: 'profile.password.errors.confirmationRequired',
    });
  });
});

describe('avatar sniffing', () => {
  it('recognises PNG and JPEG by their magic bytes only', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'png',
    );
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg'))).toBeNull();
  });
});

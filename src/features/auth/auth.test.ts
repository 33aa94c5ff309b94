import { describe, expect, it } from 'vitest';
import {
  CodeCheckSchema,
  maskLogin,
  normalisePhone,
  parseLogin,
  parseRegistration,
  validateStep,
} from './auth.schema.ts';
import { parseWith } from '#lib/validation.ts';
import { firstStepWithError } from './auth.registration.page.server.ts';

describe('logins', () => {
  it('normalises Russian phones written in any common way', () => {
    for (const s of [
      '+79121234567',
      '+7 912 123-45-67',
      '8 (912) 123-45-67',
      '89121234567',
      '79121234567',
      '9121234567',
      '+7(912)123 45 67',
      '8.912.123.45.67',
    ]) {
      expect(normalisePhone(s), s).toBe('+79121234567');
    }
  });

  it('refuses numbers that are not Russian', () => {
    for (const s of [
      '+7 712 123 45 67',
      '+8 912 123 45 67',
      '+49 30 1234567',
      '912123456',
      '+791212345678',
      'abc',
    ])
      expect(normalisePhone(s), s).toBeNull();
  });

  it('tells e-mail from phone and lower-cases addresses', () => {
    expect(parseLogin(' Olga@Example.COM ')).toEqual({ kind: 'email', value: 'olga@example.com' });
    expect(parseLogin('8 900 000 00 01')).toEqual({ kind: 'phone', value: '+79000000001' });
    expect(parseLogin('olga@example')).toBeNull();
    expect(parseLogin('olga@@example.com')).toBeNull();
  });

  it('masks where a code was sent', () => {
    expect(maskLogin('olga.demidova@demo.example')).toBe('ol***@demo.example');
    expect(maskLogin('+79000000001')).toBe('+7 *** ***-00-01');
  });
});

describe('registration schema', () => {
  const valid = {
    name: 'Anna',
    surname: 'Smirnova',
    patronymic: 'Petrovna',
    email: 'Anna@Example.com',
    phone: '8 912 000 00 01',
    account_type: 'personal',
    password: 'Secret2026',
    password_confirmation: 'Secret2026',
    agree: true,
  };

  it('normalises a valid registration', () => {
    const r = parseRegistration(valid);
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({
        email: 'anna@example.com',
        phone: '+79120000001',
        account_type: 'personal',
        organisation: null,
      }),
    });
  });

  it('validates each wizard step on its own', () => {
    expect(validateStep(0, { name: 'A' })).toEqual({
      surname: 'validation.required',
      patronymic: 'validation.required',
    });
    expect(validateStep(1, { email: 'x', phone: '1', account_type: 'corporate' })).toEqual({
      email: 'validation.email',
      phone: 'validation.phone',
      post: 'validation.required',
      organisation: 'validation.required',
    });
    expect(
      validateStep(1, { email: 'a@b.ru', phone: '+79120000001', account_type: 'corporate' }),
    ).toEqual({
      post: 'validation.required',
      organisation: 'validation.required',
    });
    expect(
      validateStep(1, {
        email: 'a@b.ru',
        phone: '+79120000001',
        account_type: 'corporate',
        post: 'CEO',
        organisation: '500100732259',
      }),
    ).toEqual({});
    expect(
      validateStep(2, {
        password: 'Secret2026',
        password_confirmation: 'Secret2026',
        agree: false,
      }),
    ).toEqual({ agree: 'validation.agree' });
  });

  it('allows symbols in passwords but only Latin letters', () => {
    expect(
      validateStep(2, {
        password: 'S3cret!#2026',
        password_confirmation: 'S3cret!#2026',
        agree: true,
      }),
    ).toEqual({});
    expect(
      validateStep(2, {
        password: 'Secret2026ж',
        password_confirmation: 'Secret2026ж',
        agree: true,
      }),
    ).toEqual({ password: 'validation.passwordLatin' });
  });

  it('reopens the wizard at the first step with an error, else at the last step', () => {
    expect(firstStepWithError({ phone: 'x', agree: 'y' })).toBe(1);
    expect(firstStepWithError({})).toBe(2);
  });
});

describe('code check schema', () => {
  it('needs a session, a known type and digits', () => {
    expect(
      parseWith(CodeCheckSchema, { session: 's'.repeat(27), type: 'call', code: '0427' }).ok,
    ).toBe(true);
    const r = parseWith(CodeCheckSchema, { type: 'sms', code: '04 27' });
    expect(r).toEqual({
      ok: false,
      errors: {
        session: 'validation.required',
        type: 'validation.codeType',
        code: 'validation.code',
      },
    });
  });
});

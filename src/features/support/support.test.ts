import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#lib/config.ts';
import { parseWith } from '#lib/validation.ts';
import {
  BugReportSchema,
  CreateSchema,
  DeskFilterSchema,
  MessageSchema,
  StatusSchema,
} from './support.schema.ts';

describe('support schemas', () => {
  it('creates with type lk by default and needs a topic', () => {
    expect(parseWith(CreateSchema, { title: ' Тема ' })).toEqual({
      ok: true,
      value: { title: 'Тема', type: 'lk', message: '', url: '' },
    });
    expect(parseWith(CreateSchema, { title: '', type: 'x' })).toEqual({
      ok: false,
      errors: { title: 'support.validation.title', type: 'support.validation.type' },
    });
  });

  it('the bug report needs type, topic and message', () => {
    expect(parseWith(BugReportSchema, {})).toEqual({
      ok: false,
      errors: {
        title: 'support.validation.title',
        type: 'support.validation.type',
        message: 'support.validation.message',
      },
    });
  });

  it('keeps only page urls that are paths or http(s) addresses', () => {
    const url = (u: string) =>
      (parseWith(CreateSchema, { title: 't', url: u }) as { value: { url: string } }).value.url;
    expect(url('/home?x=1')).toBe('/home?x=1');
    expect(url('https://cabinet.example/a')).toBe('https://cabinet.example/a');
    expect(url('javascript:alert(1)')).toBe('');
  });

  it('refuses empty and whitespace-only messages', () => {
    expect(parseWith(MessageSchema, { support_id: '5', message: ' \n ' })).toEqual({
      ok: false,
      errors: { message: 'support.validation.message' },
    });
    expect(parseWith(MessageSchema, { support_id: '5', message: ' ok ' })).toEqual({
      ok: true,
      value: { support_id: 5, message: 'ok' },
    });
    expect(parseWith(MessageSchema, { support_id: 'x', message: 'ok' }).ok).toBe(false);
  });

  it('takes status 0 or 1 only', () => {
    expect(parseWith(StatusSchema, { support_id: '1', status: '0' })).toEqual({
      ok: true,
      value: { support_id: 1, status: 0 },
    });
    expect(parseWith(StatusSchema, { support_id: '1', status: '2' }).ok).toBe(false);
  });

  it('falls back to open requests, page 1 for unknown desk filters', () => {
    expect(v.parse(DeskFilterSchema, {})).toEqual({
      status: 'open',
      type: '',
      customer: 0,
      page: 1,
    });
    expect(
      v.parse(DeskFilterSchema, { status: 'closed', type: 'price', customer: '7', page: '3' }),
    ).toEqual({ status: 'closed', type: 'price', customer: 7, page: 3 });
    expect(v.parse(DeskFilterSchema, { status: 'x', type: 'y', customer: 'z', page: '0' })).toEqual(
      { status: 'open', type: '', customer: 0, page: 1 },
    );
  });
});

describe('support file limit', () => {
  it('defaults to the upload limit (20 MB) and never exceeds it', () => {
    expect(parseConfig({}).supportFileLimit).toBe(20 * 1024 * 1024);
    expect(parseConfig({ SUPPORT_FILE_LIMIT: '1048576' }).supportFileLimit).toBe(1048576);
    expect(parseConfig({ SUPPORT_FILE_LIMIT: String(50 * 1024 * 1024) }).supportFileLimit).toBe(
      20 * 1024 * 1024,
    );
  });
});

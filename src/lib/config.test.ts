import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, parseConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: SQLite in ./data, port 4321, demo data outside production', () => {
    const c = parseConfig({});
    expect(c.port).toBe(4321);
    expect(c.database).toEqual({ kind: 'sqlite', file: './data/cabinet.sqlite' });
    expect(c.demo).toBe(true);
    expect(c.bodyLimit).toBe(1024 * 1024);
    expect(c.uploadLimit).toBe(20 * 1024 * 1024);
    expect(c.timeZone).toBe('Europe/Samara');
  });

  it('turns demo data off in production unless asked for', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', DEMO: 'on' }).demo).toBe(true);
  });

  it('chooses PostgreSQL for postgres:// URLs and SQLite for file paths', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(parseConfig({ DATABASE_URL: 'sqlite:///var/lib/cabinet.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/cabinet.db',
    });
  });

  it('uses secure cookies only behind an https PUBLIC_URL', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://lk.example.ru/' }).secureCookies).toBe(true);
    expect(parseConfig({ PUBLIC_URL: 'https://lk.example.ru/' }).publicUrl).toBe(
      'https://lk.example.ru',
    );
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:4321' }).secureCookies).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(4321);
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a whole number (got "eighty")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be at most 65535 (got "70000")'],
    [
      { NODE_ENV: 'staging' },
      'Invalid configuration: NODE_ENV must be development, production or test (got "staging")',
    ],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql:// or sqlite:// or file:// (got "mysql://x")',
    ],
    [
      { TIME_ZONE: 'Mars/Olympus' },
      'Invalid configuration: TIME_ZONE must be an IANA time zone such as Europe/Samara (got "Mars/Olympus")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be debug, info, warn, error or silent (got "loud")',
    ],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it.each(['README.md', '.env.example'])('%s documents every variable', (file) => {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`\\b${name}\\b`).test(text))).toEqual([]);
  });
});

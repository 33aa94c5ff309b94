import { describe, expect, it } from 'vitest';
import { typedValues, type FieldLike } from './hydration-safe.ts';

const input = (name: string, value: string, defaultValue = '', type = 'text'): FieldLike => ({
  name,
  type,
  tagName: 'INPUT',
  value,
  defaultValue,
});
const box = (
  name: string,
  value: string,
  checked: boolean,
  defaultChecked: boolean,
  type = 'checkbox',
): FieldLike => ({ name, type, tagName: 'INPUT', value, checked, defaultChecked });
const option = (value: string, selected: boolean, defaultSelected: boolean) => ({
  value,
  selected,
  defaultSelected,
});

describe('typedValues', () => {
  it('reports only the text fields that differ from what the server rendered', () => {
    expect(
      typedValues([
        input('surname', 'Ivanov'),
        input('name', 'Anna', 'Anna'),
        input('password', 'secret1', '', 'password'),
      ]),
    ).toEqual({ surname: 'Ivanov', password: 'secret1' });
  });

  it('reports a field cleared by the person', () => {
    expect(typedValues([input('email', '', 'old@example.com', 'email')])).toEqual({ email: '' });
  });

  it('skips hidden, file, button and disabled fields and fields without a name', () => {
    expect(
      typedValues([
        input('csrf', 'x', '', 'hidden'),
        input('file', 'C:\\a.png', '', 'file'),
        input('', 'typed'),
        { ...input('off', 'typed'), disabled: true },
        input('go', 'send', '', 'submit'),
      ]),
    ).toEqual({});
  });

  it('reports a single checkbox as a flag, both ways', () => {
    expect(typedValues([box('agree', '1', true, false)])).toEqual({ agree: true });
    expect(typedValues([box('news', '1', false, true)])).toEqual({ news: false });
    expect(typedValues([box('same', '1', true, true)])).toEqual({});
  });

  it('reports several checkboxes of one name as the chosen values', () => {
    expect(
      typedValues([
        box('kind', 'a', true, false),
        box('kind', 'b', true, true),
        box('kind', 'c', false, false),
      ]),
    ).toEqual({ kind: ['a', 'b'] });
  });

  it('reports the newly checked radio of a group', () => {
    expect(
      typedValues([
        box('account_type', 'personal', false, true, 'radio'),
        box('account_type', 'corporate', true, false, 'radio'),
      ]),
    ).toEqual({ account_type: 'corporate' });
    expect(
      typedValues([
        box('account_type', 'personal', true, true, 'radio'),
        box('account_type', 'corporate', false, false, 'radio'),
      ]),
    ).toEqual({});
  });

  it('reports changed selects, multiple ones as arrays', () => {
    const single: FieldLike = {
      name: 'status',
      type: 'select-one',
      tagName: 'SELECT',
      value: 'open',
      options: [option('', false, true), option('open', true, false)],
    };
    const multi: FieldLike = {
      name: 'tags',
      type: 'select-multiple',
      tagName: 'SELECT',
      value: 'a',
      multiple: true,
      options: [option('a', true, false), option('b', true, false), option('c', false, false)],
    };
    const same: FieldLike = {
      name: 'sort',
      type: 'select-one',
      tagName: 'SELECT',
      value: 'x',
      options: [option('x', true, true)],
    };
    expect(typedValues([single, multi, same])).toEqual({ status: 'open', tags: ['a', 'b'] });
  });

  it('reports a textarea like a text field', () => {
    expect(
      typedValues([
        {
          name: 'message',
          type: 'textarea',
          tagName: 'TEXTAREA',
          value: 'Hello',
          defaultValue: '',
        },
      ]),
    ).toEqual({ message: 'Hello' });
  });
});

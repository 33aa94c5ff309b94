// The accessibility wiring of a form field: the error, the hint, or both.
import { describe, expect, it } from 'vitest';
import { fieldAria } from './field-aria.ts';

describe('fieldAria', () => {
  it('describes a field by its hint, its error, or both when the hint is kept', () => {
    expect(fieldAria('f-a', null)).toEqual({});
    expect(fieldAria('f-a', null, true)).toEqual({ 'aria-describedby': 'f-a-hint' });
    expect(fieldAria('f-a', 'bad', true)).toEqual({
      'aria-invalid': 'true',
      'aria-describedby': 'f-a-error',
    });
    expect(fieldAria('f-a', 'bad', true, true)).toEqual({
      'aria-invalid': 'true',
      'aria-describedby': 'f-a-error f-a-hint',
    });
    expect(fieldAria('f-a', 'bad', false, true)).toEqual({
      'aria-invalid': 'true',
      'aria-describedby': 'f-a-error',
    });
  });
});

// The accessibility wiring of a form field, in one place for the .astro kit and the islands: an
// invalid field says so (aria-invalid) and points at its error; a valid one at its hint, if any.
// Error and hint elements are `${id}-error` / `${id}-hint`. Pure: islands may import it.

export interface FieldAria {
  'aria-invalid'?: 'true';
  'aria-describedby'?: string;
}

/**
 * Attributes for the control with this id: pass the error (any truthy value) and whether a hint is
 * shown; `keepHint`: the hint stays beside the error (a format the error alone does not explain).
 */
export function fieldAria(
  id: string,
  error: unknown,
  hint: unknown = false,
  keepHint = false,
): FieldAria {
  if (error)
    return {
      'aria-invalid': 'true',
      'aria-describedby': keepHint && hint ? `${id}-error ${id}-hint` : `${id}-error`,
    };
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}

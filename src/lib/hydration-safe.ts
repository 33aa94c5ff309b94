// Keeps what a person typed, chose or ticked in a server-rendered form before its island hydrated.
//
// Why: React 19 leaves the DOM value alone while it hydrates a controlled field, but the island's
// first re-render writes its state back into the field, erasing anything typed on a slow link in
// the seconds between first paint and hydration. Reading the form in a layout effect (after
// hydration, before the browser paints and before any other update) and merging the fields the
// person changed into state closes that gap. Only changed fields are reported (current value
// against the value the server rendered: defaultValue / defaultChecked / defaultSelected), so
// state derived from props is not overwritten by the same values.
//
// Usage in an island:
//   const form = useRef<HTMLFormElement>(null);
//   useTypedBeforeHydration(form, (typed) => setValues((v) => ({ ...v, ...typed })));
// Uncontrolled fields (defaultValue) keep their DOM value anyway; the hook is for controlled ones.
import { useLayoutEffect, type RefObject } from 'react';

/** A changed field: text as string, a checkbox as boolean, a multiple select as string[]. */
export type TypedValue = string | boolean | string[];
export type TypedValues = Record<string, TypedValue>;

/** The parts of form controls the reader looks at (structural, so it is testable without a DOM). */
export interface FieldLike {
  name: string;
  type: string;
  tagName: string;
  value: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  disabled?: boolean;
  multiple?: boolean;
  options?: ArrayLike<{ value: string; selected: boolean; defaultSelected: boolean }>;
}

// Nothing a person types; files cannot be put back into a field by script.
const SKIPPED = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

/** The fields whose current value differs from what the server rendered. */
export function typedValues(fields: Iterable<FieldLike>): TypedValues {
  const typed: TypedValues = {};
  const checkboxesByName = new Map<string, FieldLike[]>();
  for (const f of fields) {
    if (!f.name || f.disabled || SKIPPED.has(f.type)) continue;
    const tag = f.tagName.toUpperCase();
    if (f.type === 'radio') {
      // A radio group reports its newly checked value; unchecking happens only by checking another.
      if (f.checked && !f.defaultChecked) typed[f.name] = f.value;
    } else if (f.type === 'checkbox') {
      checkboxesByName.set(f.name, [...(checkboxesByName.get(f.name) ?? []), f]);
    } else if (tag === 'SELECT') {
      const options = Array.from(f.options ?? []);
      if (options.some((o) => o.selected !== o.defaultSelected)) {
        typed[f.name] = f.multiple
          ? options.filter((o) => o.selected).map((o) => o.value)
          : f.value;
      }
    } else if (f.value !== (f.defaultValue ?? '')) {
      typed[f.name] = f.value;
    }
  }
  for (const [name, boxes] of checkboxesByName) {
    if (!boxes.some((b) => Boolean(b.checked) !== Boolean(b.defaultChecked))) continue;
    // One box of a name is a flag; several boxes of one name are a set of chosen values.
    typed[name] =
      boxes.length === 1
        ? Boolean(boxes[0]!.checked)
        : boxes.filter((b) => b.checked).map((b) => b.value);
  }
  return typed;
}

/** The changed fields inside an element (a form or any container of fields). */
export function readTyped(root: ParentNode): TypedValues {
  return typedValues(
    root.querySelectorAll<HTMLInputElement>(
      'input[name], select[name], textarea[name]',
    ) as Iterable<FieldLike>,
  );
}

/**
 * Calls `take` once, right after hydration, with the fields changed before it (if any). The
 * callback runs inside a layout effect, so state set there is in place before the first paint
 * of the hydrated island and no controlled field is reset in between.
 */
export function useTypedBeforeHydration(
  ref: RefObject<ParentNode | null>,
  take: (typed: TypedValues) => void,
): void {
  useLayoutEffect(() => {
    if (!ref.current) return;
    const typed = readTyped(ref.current);
    if (Object.keys(typed).length > 0) take(typed);
    // Only the moment of hydration matters; later changes go through the island's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

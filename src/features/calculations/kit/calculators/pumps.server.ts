// Calculators 'pump', 'station' and 'control' (cabinet): the pump engine over the catalogue
// (select.server.ts), the form values read by calculations.schema.ts.
import { rawInput } from '#features/calculations/calculations.schema.ts';
import {
  selectAnswer,
  type Kind,
  type SelectAnswer,
} from '#features/calculations/select.server.ts';
import { registerCalculator } from '../registry.server.ts';
import { paths } from '#lib/paths.ts';

for (const kind of ['pump', 'station', 'control'] as const satisfies readonly Kind[])
  registerCalculator<SelectAnswer>({
    kind,
    formPath: paths.design.newCalculation[kind](),
    select: ({ db, t }, values) => selectAnswer(kind, db, rawInput(values), t),
    // Pumps carried over to the cabinet page come as a query of skus.
    page: { queryMax: 1000, prefill: (query) => query },
  });

// Calculators 'to1' (plate heat exchanger), 'to2' (two-stage DHW), 'to3' (steam condensation): the
// plate engine (hx/hx.server.ts). The API answer tags each pack with its catalogue id and save `pick`
// (hxSelectAnswer); the page answers the same calculation without the tags (hxAnswer: no database).
import { rawInput } from '#features/calculations/hx/hx.schema.ts';
import { EXAMPLES } from '#features/calculations/hx/hx.page.server.ts';
import { hxSelectAnswer } from '#features/calculations/hx/hx-save.server.ts';
import { hxAnswer, type HxAnswer, type HxKind } from '#features/calculations/hx/hx.server.ts';
import { registerCalculator } from '../registry.server.ts';
import { paths } from '#lib/paths.ts';

for (const kind of ['to1', 'to2', 'to3'] as const satisfies readonly HxKind[])
  registerCalculator<HxAnswer>({
    kind,
    formPath: paths.design.newCalculation.toKind(kind),
    select: ({ db, t }, values) => hxSelectAnswer(kind, rawInput(values), t, db),
    page: {
      example: EXAMPLES[kind],
      answer: async ({ t }, values) => hxAnswer(kind, rawInput(values), t),
    },
  });

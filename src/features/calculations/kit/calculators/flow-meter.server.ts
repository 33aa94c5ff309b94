// Calculator 'flow-meter' (heat metering unit): flow-meter/flow-meter.server.ts. A page query of
// location fields only (a link to a region, city or organisation) gets the worked example around it.
import { EXAMPLE, LOCATION } from '#features/calculations/flow-meter/flow-meter.example.ts';
import {
  flowMeterAnswer,
  type FlowMeterAnswer,
} from '#features/calculations/flow-meter/flow-meter.server.ts';
import { registerCalculator } from '../registry.server.ts';
import { paths } from '#lib/paths.ts';

registerCalculator<FlowMeterAnswer>({
  kind: 'flow-meter',
  formPath: paths.design.newCalculation.flowMeter(),
  select: ({ db, t }, values) => flowMeterAnswer(db, values, t),
  page: {
    example: EXAMPLE,
    prefill: (query) =>
      Object.keys(query).every((k) => (LOCATION as readonly string[]).includes(k))
        ? { ...EXAMPLE, ...query }
        : query,
  },
});

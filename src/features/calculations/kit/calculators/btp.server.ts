// Calculator 'btp' (substation composition): btp/btp.server.ts. Employees only (403 for anyone
// else). Its pages are projects (btp/btp.page.server.ts: saved inputs, calculate and save), so the
// entry has no page of the kind; the API select is the one route's.
import { btpRaw } from '#features/calculations/btp/btp.schema.ts';
import { selectBtp, type BtpAnswer } from '#features/calculations/btp/btp.server.ts';
import { registerCalculator } from '../registry.server.ts';
import { paths } from '#lib/paths.ts';

registerCalculator<BtpAnswer>({
  kind: 'btp',
  formPath: paths.design.newCalculation.btp.list(),
  requires: 'employee',
  refusal: 'calcBtp.errors.employeesOnly',
  select: ({ db, t }, values) => selectBtp(btpRaw(values), t, db),
});

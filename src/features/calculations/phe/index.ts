// Public API of the plate heat exchanger engine (see README.md in this folder).
export { DEMO_PLATES } from './catalogue.demo.ts';
export type { Gasket, PlateCorrelation, PlateModel } from './catalogue.ts';
export {
  designCondensation,
  type CondensationDesign,
  type CondensationInput,
  type SteamState,
} from './condensation.ts';
export { designDhw, heatingChart, selectDhwHeaters, type DhwDesign, type DhwInput } from './dhw.ts';
export type { DutyInput, StreamInput } from './duty.ts';
export {
  ENGINE_NAME,
  ENGINE_VERSION,
  FORMULAS,
  PheInputError,
  type Explanation,
  type Quantity,
  type Step,
  type Warning,
} from './explain.ts';
export { ratePack, type Rating, type RatingInput } from './rating.ts';
export {
  DEFAULT_ARRANGEMENTS,
  selectPlates,
  type Candidate,
  type RejectReason,
  type SelectInput,
  type Selection,
} from './select.ts';

// Public API of the calculation engine (see README.md). Pure TypeScript: no database, no I/O.
export {
  ENGINE_NAME,
  ENGINE_VERSION,
  FORMULAS,
  allFinite,
  type Explanation,
  type Step,
  type Quantity,
} from './explain.ts';
export {
  FLOW_UNITS,
  HEAD_UNITS,
  TEMPERATURE_UNITS,
  flowToM3h,
  flowFromM3h,
  headToM,
  headFromM,
  temperatureToC,
  type FlowUnit,
  type HeadUnit,
} from '../kit/units.ts';
export {
  waterDensity,
  waterVapourPressure,
  vapourHeadM,
  inWaterRange,
  WATER_MODEL,
  WATER_T_MIN_C,
  WATER_T_MAX_C,
} from './water.ts';
export {
  validateCurve,
  preparePump,
  curveAt,
  trimmedPump,
  etaAt,
  type PreparedPump,
  type CurveError,
  type CurveValue,
} from './curve.ts';
export {
  systemCurve,
  systemHead,
  operatingPoint,
  speedForDuty,
  trimForDuty,
  parallelHead,
  type SystemCurve,
} from './hydraulics.ts';
export { powerAt, profileEnergy, lifeCycleCost, hydraulicPowerKw } from './energy.ts';
export {
  selectPumps,
  sortEntities,
  normaliseInput,
  SORT_KEYS,
  SUCTION_RANGE,
  type PumpMedium,
  type PumpSelectInput,
  type PumpSelectResult,
  type PumpEntity,
  type SortKey,
  type FieldError,
} from './select.ts';
export {
  evaluateStation,
  stageAt,
  manifoldDn,
  DN_SERIES,
  type StationInput,
  type StationResult,
  type StagingRow,
} from './booster.ts';
export {
  selectStations,
  TYPES_OF_USE,
  TYPE_OF_USE_RULES,
  DEFAULT_TYPE_OF_USE,
  type TypeOfUse,
  type StationSelectInput,
  type StationSelectResult,
  type StationEntity,
} from './station-select.ts';
export {
  cabinetElectrics,
  ratedCurrent,
  startCurrent,
  START_METHODS,
  type StartMethod,
  type CabinetInput,
  type CabinetResult,
  type Component,
} from './electrics.ts';
export { sampleCurves, dutyCurves, type CurveSamples } from './samples.ts';
export type { CurvePoint, MotorData, PumpModel, LoadPoint } from './types.ts';
export { DEFAULT_LOAD_PROFILE } from './types.ts';
export type { Duty, Rejection, RejectReason } from './evaluate.ts';
export {
  hiFactors,
  headFactor,
  viscousPump,
  HI_B_MIN,
  HI_B_MAX,
  VISCOSITY_METHOD,
  type ViscousCorrection,
} from './viscosity.ts';

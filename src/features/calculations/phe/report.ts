// Turns an evaluated pack into the answer shape (every number with its unit) and its explanation.
import type { PlateModel } from './catalogue.ts';
import type { SideResult } from './channel.ts';
import { geometryOf } from './channel.ts';
import { frictionMartin1999, frictionMartinVDI } from './correlations.ts';
import type { Duty } from './duty.ts';
import { packDuty, type DutyContext, type PackResult, type PackOptions } from './evaluate.ts';
import { q, type Explainer, type Explanation, type Quantity } from './explain.ts';
import { SOURCE as GLYCOL_SOURCE } from '#features/calculations/fluids/glycol.ts';
import { describe, type Medium } from './fluid.ts';

export interface SideOut {
  velocity: Quantity;
  re: Quantity;
  nu: Quantity;
  alpha: Quantity;
  dp_channel: Quantity;
  dp_port: Quantity;
  dp: Quantity;
  port_velocity: Quantity;
}

export interface PackOut {
  model: {
    id: string;
    name: string;
    demo: boolean;
    material: string;
    pn: Quantity;
    port_dn: Quantity;
    gasket: string;
  };
  plates: Quantity;
  passes: { hot: Quantity; cold: Quantity };
  channels_per_pass: { hot: Quantity; cold: Quantity };
  area: Quantity;
  u_clean: Quantity;
  u_design: Quantity;
  margin: Quantity;
  /** Heat the pack transfers at design U with these inlet temperatures (ε-NTU). */
  duty_check: Quantity;
  price: Quantity;
  mass: Quantity;
}

/** A glycol side's medium (absent for water). */
export interface MediumOut {
  kind: string;
  concentration: Quantity;
}

export interface DutyOut {
  q: Quantity;
  hot: { t_in: Quantity; t_out: Quantity; m: Quantity; volume_flow: Quantity; medium?: MediumOut };
  cold: { t_in: Quantity; t_out: Quantity; m: Quantity; volume_flow: Quantity; medium?: MediumOut };
  lmtd: Quantity;
}

const side = (s: SideResult): SideOut => ({
  velocity: q(s.w, 'm/s'),
  re: q(s.re, ''),
  nu: q(s.nu, ''),
  alpha: q(s.alpha, 'W/(m2 K)'),
  dp_channel: q(s.dpChannel / 1000, 'kPa'),
  dp_port: q(s.dpPort / 1000, 'kPa'),
  dp: q(s.dp / 1000, 'kPa'),
  port_velocity: q(s.wPort, 'm/s'),
});

export function dutyOut(duty: Duty, lmtdValue: number): DutyOut {
  const medium = (m: Medium | undefined) =>
    m && m.kind !== 'water'
      ? { medium: { kind: m.kind, concentration: q(m.concentration, '%') } }
      : {};
  const stream = (s: Duty['hot']) => ({
    t_in: q(s.t_in, '°C'),
    t_out: q(s.t_out, '°C'),
    m: q(s.m, 'kg/s'),
    volume_flow: q((s.m / s.fluid.rho) * 3600, 'm3/h'),
    ...medium(s.medium),
  });
  return {
    q: q(duty.q, 'kW'),
    hot: stream(duty.hot),
    cold: stream(duty.cold),
    lmtd: q(lmtdValue, 'K'),
  };
}

export function packOut(
  model: PlateModel,
  gasket: string,
  pack: PackResult,
  ctx: DutyContext,
): PackOut & { hot: SideOut; cold: SideOut } {
  return {
    model: {
      id: model.id,
      name: model.name,
      demo: model.demo,
      material: model.material,
      pn: q(model.pn, 'bar'),
      port_dn: q(model.port.dn, 'mm'),
      gasket,
    },
    plates: q(pack.plates, 'pcs'),
    passes: { hot: q(pack.passes.hot, 'pcs'), cold: q(pack.passes.cold, 'pcs') },
    channels_per_pass: { hot: q(pack.channels.hot, 'pcs'), cold: q(pack.channels.cold, 'pcs') },
    area: q(pack.area, 'm2'),
    u_clean: q(pack.uClean, 'W/(m2 K)'),
    u_design: q(pack.uDesign, 'W/(m2 K)'),
    margin: q(pack.margin * 100, '%'),
    duty_check: q(packDuty(ctx, pack), 'kW'),
    price: q(model.price.frame + pack.plates * model.price.plate, 'kopecks'),
    mass: q(model.mass.frame + pack.plates * model.mass.plate, 'kg'),
    hot: side(pack.hot),
    cold: side(pack.cold),
  };
}

/** The step-by-step explanation of one pack. */
export function explainPack(
  model: PlateModel,
  pack: PackResult,
  ctx: DutyContext,
  options: PackOptions,
  lmtdValue: number,
  inputs: Explainer,
): Explanation {
  const x = inputs;
  const g = geometryOf(model);
  const { duty } = ctx;
  x.e.properties.push(describe('hot', duty.hot.fluid), describe('cold', duty.cold.fluid));
  const glycol = [duty.hot.medium, duty.cold.medium].some((m) => m && m.kind !== 'water');
  if (glycol) x.source(GLYCOL_SOURCE);
  x.step('q', duty.q, 'kW', 'balance');
  x.step('hot.m', duty.hot.m, 'kg/s', 'balance');
  x.step('cold.m', duty.cold.m, 'kg/s', 'balance');
  x.step('lmtd', lmtdValue, 'K', 'lmtd');
  x.step('geometry.chevron', model.geometry.chevron, 'deg');
  x.step('geometry.enlargement', g.phi, '', 'enlargement');
  x.step('geometry.dh', g.dh * 1000, 'mm', 'hydraulic_diameter');
  x.step('geometry.plate_area', g.plateArea, 'm2', 'area');
  const fluid = { hot: duty.hot.fluid, cold: duty.cold.fluid };
  for (const [name, s] of [
    ['hot', pack.hot],
    ['cold', pack.cold],
  ] as const) {
    x.step(`${name}.velocity`, s.w, 'm/s', 'velocity');
    x.step(`${name}.re`, s.re, '', 'reynolds');
    // Every factor of Nu as printed, so Nu follows from the explanation (properties: Pr; wall: μ/μ_w).
    const c = model.correlation;
    x.step(`${name}.pr`, fluid[name].pr, '');
    x.step(`${name}.mu_ratio`, ctx.muRatio[name], '');
    if (c.kind === 'generic') {
      x.step(`${name}.nu_c`, c.C, '');
      x.step(`${name}.nu_n`, c.n, '');
    } else {
      x.step(
        `${name}.f_martin`,
        c.variant === 'VDI'
          ? frictionMartinVDI(s.re, model.geometry.chevron)
          : frictionMartin1999(s.re, model.geometry.chevron),
        '',
      );
      x.step(`${name}.nu_factor`, c.nuFactor, '');
    }
    x.step(`${name}.nu`, s.nu, '', c.kind === 'generic' ? 'nu_generic' : 'nu_martin');
    x.step(
      `${name}.f`,
      s.f,
      '',
      model.correlation.kind === 'generic' ? 'friction_generic' : 'friction_martin',
    );
    x.step(`${name}.alpha`, s.alpha, 'W/(m2 K)', 'alpha');
    x.step(`${name}.dp_channel`, s.dpChannel / 1000, 'kPa', 'dp_channel');
    x.step(`${name}.port_velocity`, s.wPort, 'm/s', 'port_velocity');
    x.step(`${name}.dp_port`, s.dpPort / 1000, 'kPa', 'dp_port');
  }
  x.step('u_clean', pack.uClean, 'W/(m2 K)', 'u_clean');
  x.step('fouling.hot', options.fouling.hot, 'm2 K/W');
  x.step('fouling.cold', options.fouling.cold, 'm2 K/W');
  x.step('u_design', pack.uDesign, 'W/(m2 K)', 'u_design');
  x.step('area', pack.area, 'm2', 'area');
  x.step(
    'ntu_required',
    pack.ntuRequired,
    '',
    pack.passes.hot === 1 && pack.passes.cold === 1
      ? 'effectiveness_counterflow'
      : 'effectiveness_passes',
  );
  x.step('margin', pack.margin * 100, '%', 'margin');
  x.step('duty_check', packDuty(ctx, pack), 'kW', 'ntu');
  x.step('price', model.price.frame + pack.plates * model.price.plate, 'kopecks', 'price');
  if (model.demo) x.warn('demo_catalogue');
  if (options.wallCorrection === false) x.warn('wall_viscosity_neglected');
  // μ_w of a side taken at its range's end because the wall temperature lies outside its medium's properties.
  for (const name of ['hot', 'cold'] as const)
    if (ctx.wall && ctx.wall[name] !== ctx.wall.t)
      x.warn(`wall_viscosity_clamped_${name}`, {
        t_wall: Math.round(ctx.wall.t * 10) / 10,
        t_used: Math.round(ctx.wall[name] * 10) / 10,
      });
  return x.e;
}

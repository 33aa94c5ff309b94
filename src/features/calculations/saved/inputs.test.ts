// The saved inputs as the page and the .xlsx list them: named as on each kind's form, the chosen
// units written after their figures in the user's language, unit choices folded in, choices in words.
import { describe, expect, it } from 'vitest';
import { translator } from '#lib/i18n/index.ts';
import { inputLabel, inputRows } from './inputs.ts';
import { head, unitOf, withUnit } from '../kit/units.ts';

const ru = translator('ru');
const en = translator('en');

describe('inputRows', () => {
  it('pump (ru): labels of the form, units after the figures, switches in words', () => {
    expect(
      inputRows(
        'pump',
        {
          q: '60',
          q_unit: 'm3/h',
          h: '13',
          h_unit: 'm',
          h_static: '5',
          speed_control: '1',
          sort: 'lcc',
        },
        ru,
      ),
    ).toEqual([
      ['Расход', '60 м³/ч'],
      ['Напор', '13 м'],
      ['Статический напор', '5 м'],
      ['Частотное регулирование', 'да'],
      ['Сортировка', 'Стоимость жизненного цикла'],
    ]);
  });

  it('heat exchanger (ru): load, flows and pressures with their units, gauge or absolute said', () => {
    expect(
      inputRows(
        'to1',
        {
          q: '1,2',
          q_unit: 'Gcal/h',
          hot_t_in: '70',
          hot_flow: '10',
          flow_unit: 'm3/h',
          hot_p: '6',
          p_unit: 'bar',
          p_kind: 'absolute',
        },
        ru,
      ),
    ).toEqual([
      ['Тепловая нагрузка', '1,2 Гкал/ч'],
      ['Греющая среда, вход, °C', '70'],
      ['Расход греющей среды', '10 м³/ч'],
      ['Давление греющей среды', '6 бар (абсолютное)'],
    ]);
  });

  it('pump (ru): the liquid and the suction conditions are listed (review 21 #2)', () => {
    expect(
      inputRows(
        'pump',
        {
          q: '60',
          medium: 'ethylene_glycol',
          concentration: '50',
          temperature_c: '-30',
          suction_p: '2',
          suction_p_unit: 'bar',
          suction_level_m: '1,5',
          suction_loss_m: '0.5',
        },
        ru,
      ),
    ).toEqual([
      ['Расход', '60 м³/ч'],
      ['Перекачиваемая среда', 'Этиленгликоль'],
      ['Концентрация гликоля, % по массе', '50'],
      ['Температура среды', '-30 °C'],
      ['Абсолютное давление над уровнем во всасывающей ёмкости', '2 бар'],
      ['Уровень жидкости над входом насоса, м (подпор +, высота всасывания −)', '1,5'],
      ['Потери напора во всасывающей линии, м', '0.5'],
    ]);
  });

  it('plate heat exchanger rating (en): mode, model, plates, passes and fouling are listed', () => {
    expect(
      inputRows(
        'to1',
        {
          mode: 'rate',
          model: 'PL-10',
          plates: '31',
          hot_passes: '1',
          cold_passes: '2',
          hot_fouling: '0.00005',
          cold_fouling: '0.0001',
        },
        en,
      ),
    ).toEqual([
      ['Calculation mode', 'Rate a given pack (model and number of plates)'],
      ['Plate model', 'PL-10'],
      ['Number of plates', '31'],
      [en('hx.fields.hot_passes'), '1'],
      [en('hx.fields.cold_passes'), '2'],
      [en('hx.fields.hot_fouling'), '0.00005'],
      [en('hx.fields.cold_fouling'), '0.0001'],
    ]);
  });

  it('flow meter (en): the pipe named in its flow fields, defaults when no unit was chosen', () => {
    expect(inputRows('flow-meter', { mode: 'flows', g_supply: '12', scheme: 'open' }, en)).toEqual([
      ['Input by', 'From flows'],
      ['Design flow: supply', '12 t/h'],
      ['System scheme', 'Open (DHW drawn from the network)'],
    ]);
  });

  it('leaves out fields no form has; an unknown choice stays as typed', () => {
    expect(inputRows('pump', { foo: '1', q: '5', q_unit: 'gal/min' }, en)).toEqual([
      ['Flow rate', '5 gal/min'],
    ]);
    expect(inputLabel('to3', 'steam_p', en)).toBe('Steam pressure');
    expect(inputLabel('to3', 'p_unit', en)).toBeNull();
  });
});

describe('units', () => {
  it('engine units in the user language; dimensionless bare; money in roubles', () => {
    expect(unitOf('m3/h', ru)).toBe('м³/ч');
    expect(unitOf('kW', ru)).toBe('кВт');
    expect(unitOf('rpm', ru)).toBe('мин⁻¹');
    expect(unitOf('kop', ru)).toBe('₽');
    expect(unitOf('1', ru)).toBe('');
    expect(withUnit('12,5', 'bar', ru)).toBe('12,5 бар');
    expect(withUnit('—', 'kW', ru)).toBe('—');
    expect(head('P1', 'kW', en)).toBe('P1, kW');
  });
});

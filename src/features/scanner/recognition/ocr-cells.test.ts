import { describe, expect, it } from 'vitest';
import { ocrDigits, ocrTitle, ocrUnit } from './ocr-cells.ts';

// Misreadings of the issue-22 scans (300 DPI, speckle, JPEG) and words that must stay as written.
describe('ocrTitle: one-letter words glued on, units and borders', () => {
  it('splits с, и, в, к off an adjective ending, and the dash OCR leaves in their place', () => {
    expect(ocrTitle('Клапан воздушный утеплённыйс электроприводом')).toBe(
      'Клапан воздушный утеплённый с электроприводом',
    );
    expect(ocrTitle('Клапан воздушный утеплённыйс — электроприводом')).toBe(
      'Клапан воздушный утеплённый с электроприводом',
    );
    // At the end of a line of a name that goes on below (the joined name is repaired again).
    expect(ocrTitle('Клапан воздушный утеплённыйс')).toBe('Клапан воздушный утеплённый с');
    expect(ocrTitle('Кран шаровойв сборе')).toBe('Кран шаровой в сборе');
  });

  it('splits с off an abbreviation and с, и off a unit after a number', () => {
    expect(ocrTitle('Шкаф управления ИТПс контроллером')).toBe(
      'Шкаф управления ИТП с контроллером',
    );
    expect(ocrTitle('электроприводом 230 Ви возвратной пружиной')).toBe(
      'электроприводом 230 В и возвратной пружиной',
    );
    expect(ocrTitle('Блок 24 Вс защитой')).toBe('Блок 24 В с защитой');
  });

  it('leaves words that merely end like that alone', () => {
    for (const s of [
      'Изоляция в 2 слоев',
      'Стоек монтажных 4',
      'Рейс',
      'По ГОСТа требованиям',
      'Ролик стальной',
      'Ключ торцевой 24 Вт',
      'Кран 230 В',
      'Насос Grundfos UPS',
    ])
      expect(ocrTitle(s)).toBe(s);
  });

  it('reads м3/ч with its superscript read twice or its Cyrillic read as Latin', () => {
    expect(ocrTitle('L=3200 м3З/ч')).toBe('L=3200 м3/ч');
    expect(ocrTitle('Q=36 м3З/ч, H=48 м')).toBe('Q=36 м3/ч, H=48 м');
    expect(ocrTitle('Kvs=16 m3/u, Ду 32')).toBe('Kvs=16 м3/ч, Ду 32');
    expect(ocrTitle('Зм3 бетона')).toBe('Зм3 бетона');
  });

  it('reads the nominal diameter Ду read Ay before a number', () => {
    expect(ocrTitle('Кран шаровой стальной фланцевый Ay 80, Py 25')).toBe(
      'Кран шаровой стальной фланцевый Ду 80, Py 25',
    );
    expect(ocrTitle('Вставка гибкая (Ay100)')).toBe('Вставка гибкая (Ду100)');
    expect(ocrTitle('Clamp Ayx 2')).toBe('Clamp Ayx 2');
    expect(ocrTitle('Ray 80')).toBe('Ray 80');
  });

  it('drops a cell border read as a dash, bar or equals sign at the end', () => {
    expect(ocrTitle('Датчик температуры, Pt1000 =')).toBe('Датчик температуры, Pt1000');
    expect(ocrTitle('Фильтр сетчатый |')).toBe('Фильтр сетчатый');
    expect(ocrTitle('Труба 2-3')).toBe('Труба 2-3');
  });
});

describe('ocrDigits: a border after the number', () => {
  it('drops a dash or bar read after a position or a quantity', () => {
    expect(ocrDigits('13 —')).toBe('13');
    expect(ocrDigits('1.2 |')).toBe('1.2');
    expect(ocrDigits('85=')).toBe('85');
    expect(ocrDigits('—')).toBe('—');
    expect(ocrDigits('2-3')).toBe('2-3');
  });
});

describe('repairs that leave real text alone', () => {
  it('keeps units written with a letter after them (мс, кгс, Па·с) joined', () => {
    expect(ocrTitle('Реле времени 100 мс')).toBe('Реле времени 100 мс');
    expect(ocrTitle('Усилие 50 кгс')).toBe('Усилие 50 кгс');
    expect(ocrTitle('Вязкость 100 Пас')).toBe('Вязкость 100 Пас');
    // The glued word is still split off where it is one.
    expect(ocrTitle('Кабель 230 Ви медный')).toBe('Кабель 230 В и медный');
  });

  it('never turns a real unit into another one', () => {
    for (const unit of [
      'км',
      'пач',
      'см',
      'мм',
      'л',
      'т',
      'м',
      'ед',
      'лист',
      'набор',
      'шт.',
      'компл.',
    ])
      expect(ocrUnit(unit)).toBe(unit);
    expect(ocrUnit('wT.')).toBe('шт.');
  });

  it('drops a border read after the name also when spaces follow it', () => {
    expect(ocrTitle('Фильтр | ')).toBe('Фильтр');
  });
});

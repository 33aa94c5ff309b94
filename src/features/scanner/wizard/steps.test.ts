// The review's total and the completion step as the islands render them (server-side React markup):
// appended to an order, the total names the added positions, not the order; the completion step
// notes the sum the order got only when it differs from the one shown; the revert button names its row.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { translator } from '#lib/i18n/index.ts';
import { formatMoney } from '#lib/format.ts';
import { StepDone } from './StepDone.tsx';
import { StepPositions, type StepPositionsProps } from './StepPositions.tsx';
import type { Entity, SaveResult } from './model.ts';

const t = translator('ru');
const none = () => {};
const entity: Entity = {
  index: 0,
  page: 1,
  section: '',
  pos: '1',
  title: 'Насос циркуляционный',
  marka: 'DCR 50',
  sku: '',
  man: '',
  unit: 'шт.',
  count: 2,
  cid: 7,
  match: null,
  catalog: {
    cid: 7,
    title: 'Насос DCR 50',
    article: 'DCR 50',
    sku: 'D-1',
    man: '',
    unit: 'шт',
    price: 1500,
    price_kop: 150000,
  },
} as unknown as Entity;

function positions(over: Partial<StepPositionsProps>): string {
  const props = {
    t,
    locale: 'ru',
    uniqid: 'A'.repeat(21),
    pages: [],
    entities: [entity],
    truncated: '',
    ticked: new Set([0]),
    busy: false,
    onTick: none,
    onMatch: none,
    onCount: none,
    onEdit: none,
    onRevert: none,
    onSave: none,
    onBack: none,
    ...over,
  } as StepPositionsProps;
  return renderToStaticMarkup(createElement(StepPositions, props));
}

describe('the review total', () => {
  const sum = `${formatMoney(300000)} ₽`;
  it("a new order: the matched positions' total is the order's", () => {
    const html = positions({});
    expect(html).toContain(`Итого по подобранным позициям: ${sum}`);
    expect(html).toContain('это итог заказа по ценам каталога');
  });
  it("appended to an order: the total is the added positions', not the order's", () => {
    const html = positions({ appended: true });
    expect(html).toContain(`Итого по добавляемым позициям: ${sum}`);
    expect(html).toContain('на эту сумму по ценам каталога вырастет итог заказа');
    expect(html).not.toContain('это итог заказа');
  });
});

describe('the completion step', () => {
  const result: SaveResult = {
    order: { id: 5, number: '000005', url: '/e-commerce/orders/5/order' },
    matched: 1,
    unmatched: 0,
    addedKop: 300000,
    shownKop: 300000,
  };
  const done = (r: SaveResult) =>
    renderToStaticMarkup(createElement(StepDone, { t, result: r, appended: true, onAgain: none }));
  it('says nothing of the sum when the order got the total shown', () => {
    expect(done(result)).not.toContain('Цены каталога изменились');
  });
  it('notes the sum the order got when a catalogue price changed since the review', () => {
    expect(done({ ...result, addedKop: 312340 })).toContain(
      `Цены каталога изменились: добавленные позиции вошли в заказ на сумму ${formatMoney(312340)} ₽, а не ${formatMoney(300000)} ₽.`,
    );
  });
});

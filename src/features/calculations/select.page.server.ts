// The selection pages' view helpers (the page handler is the kit's: kit/kit.page.server.ts).
import type { CalculatorPage } from './kit/kit.page.server.ts';
import type { SelectAnswer } from './select.server.ts';

export type SelectPage = CalculatorPage<SelectAnswer>;

/** The form field holding an error key (the engine names kopecks, the form asks for roubles). */
export const fieldIdFor = (key: string): string =>
  `f-${{ electricity_kop_kwh: 'electricity_price', load_profile: 'hours_100' }[key] ?? key}`;

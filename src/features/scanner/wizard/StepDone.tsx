// Step 4, Completion: the saved order (new, or the chosen one with the positions appended) with its
// link, how many positions were matched to catalogue goods and how many went in as free text, and a
// way to scan another document.
import type { T } from '#lib/i18n/translate.ts';
import { paths } from '#lib/paths.ts';
import { formatMoney } from '#lib/format.ts';
import type { SaveResult } from './model.ts';

export function StepDone({
  t,
  result,
  appended,
  onAgain,
}: {
  t: T;
  result: SaveResult;
  appended: boolean;
  onAgain(): void;
}) {
  const money = (kop: number) => t('scanner.wizard.money', { sum: formatMoney(kop) });
  const href = result.order.url || paths.orders.one(result.order.id);
  return (
    <div className="scan-done">
      <p role="status">
        {t(appended ? 'scanner.wizard.done.appended' : 'scanner.wizard.done.created', {
          number: result.order.number,
        })}
      </p>
      {result.addedKop !== undefined &&
        result.shownKop !== undefined &&
        result.addedKop !== result.shownKop && (
          // A catalogue price changed between the review and the save.
          <p className="scan-note">
            {t('scanner.wizard.done.totalDiffers', {
              sum: money(result.addedKop),
              shown: money(result.shownKop),
            })}
          </p>
        )}
      <ul>
        <li>{t('scanner.wizard.done.matched', { count: result.matched })}</li>
        <li>{t('scanner.wizard.done.unmatched', { count: result.unmatched })}</li>
      </ul>
      <p className="scan-muted">{t('scanner.wizard.done.notified')}</p>
      <div className="scan-actions">
        <a href={href} role="button">
          {t('scanner.wizard.done.open', { number: result.order.number })}
        </a>
        <button type="button" className="secondary" onClick={onAgain}>
          {t('scanner.wizard.done.again')}
        </button>
      </div>
    </div>
  );
}

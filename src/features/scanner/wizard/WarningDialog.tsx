// The spec's warning on entry: the section is in testing, its work is not fully guaranteed, and an
// error should be reported in 'Requests'. A modal <dialog> (focus moves into it and returns on
// close; Escape closes it), opened once the island runs in the browser.
import { useEffect, useRef } from 'react';
import { paths } from '#lib/paths.ts';
import type { T } from '#lib/i18n/translate.ts';

export function WarningDialog({ t, onClose }: { t: T; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="scan-warning"
      aria-labelledby="scan-warning-title"
      aria-describedby="scan-warning-text"
      onClose={onClose}
    >
      <article>
        <header>
          <h2 id="scan-warning-title">{t('scanner.wizard.warning.title')}</h2>
        </header>
        <p id="scan-warning-text">
          {t('scanner.wizard.warning.text')}{' '}
          <a href={paths.support.reports()}>{t('scanner.wizard.warning.link')}</a>.
        </p>
        <footer>
          <form method="dialog">
            <button type="submit" autoFocus>
              {t('scanner.wizard.warning.close')}
            </button>
          </form>
        </footer>
      </article>
    </dialog>
  );
}

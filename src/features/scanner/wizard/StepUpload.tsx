// Step 1, Document upload: the file picker (PDF, XLS, XLSX, DOC, DOCX, JPG, PNG; the server checks
// the content), the 300 DPI advice and our sample file, then two progress bars: the upload (bytes
// sent) and the recognition (the queue job's stage, done of total, polled from scan.status).
import { useState } from 'react';
import { paths } from '#lib/paths.ts';
import type { T } from '#lib/i18n/translate.ts';
import { ACCEPT, fileProblem, percent, type ScanStatus } from './model.ts';

export interface StepUploadProps {
  t: T;
  /** Fraction of the file sent (0..1) while uploading, else null. */
  upload: number | null;
  /** The scan being recognised (after the upload), else null. */
  status: ScanStatus | null;
  busy: boolean;
  onUpload(file: File): void;
  onBack(): void;
}

const STAGES = new Set(['queued', 'convert', 'render', 'extract', 'ocr', 'rows']);

export function StepUpload(p: StepUploadProps) {
  const { t } = p;
  const [problem, setProblem] = useState<string | null>(null);
  const working =
    p.busy ||
    (p.status !== null && (p.status.status === 'queued' || p.status.status === 'working'));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0] ?? null;
    const bad = fileProblem(file);
    setProblem(bad);
    if (bad) {
      input.focus();
      return;
    }
    p.onUpload(file!);
  }

  const s = p.status;
  const stage = s
    ? s.status === 'queued'
      ? 'queued'
      : s.stage && STAGES.has(s.stage)
        ? s.stage
        : 'working'
    : 'queued';
  const recognised = s ? (s.status === 'ready' ? 100 : percent(s.done, s.total)) : 0;
  return (
    <form onSubmit={submit} className="scan-upload" noValidate>
      <label htmlFor="scan-file">{t('scanner.wizard.upload.file')}</label>
      <input
        id="scan-file"
        name="file"
        type="file"
        accept={ACCEPT}
        required
        disabled={working}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`scan-file-formats scan-file-dpi${problem ? ' scan-file-problem' : ''}`}
        onChange={() => setProblem(null)}
      />
      <small id="scan-file-formats">{t('scanner.wizard.upload.formats')}</small>
      <small id="scan-file-dpi">{t('scanner.wizard.upload.dpi')}</small>
      {problem && (
        <p id="scan-file-problem" className="scan-error" role="alert">
          {t(`scanner.wizard.upload.${problem}`)}
        </p>
      )}
      <p>
        <a href={paths.tools.scannerSample()} download>
          {t('scanner.wizard.upload.sample')}
        </a>{' '}
        <small>{t('scanner.wizard.upload.sampleHint')}</small>
      </p>

      {p.upload !== null && (
        <div className="scan-progress">
          <label htmlFor="scan-upload-progress">
            {t('scanner.wizard.upload.sending', { percent: percent(p.upload, 1) })}
          </label>
          <progress id="scan-upload-progress" max={100} value={percent(p.upload, 1)} />
        </div>
      )}
      {s && s.status !== 'failed' && (
        <div className="scan-progress" aria-live="polite">
          <label htmlFor="scan-recognition-progress">
            {t('scanner.wizard.upload.recognising', { name: s.name })}:{' '}
            {t(`scanner.wizard.stage.${stage}`)}
            {s.total > 0 && s.status !== 'ready'
              ? ` ${t('scanner.wizard.upload.doneOf', { done: s.done, total: s.total })}`
              : ''}
          </label>
          {/* Without a total the bar is indeterminate: the stage says what is happening. */}
          <progress
            id="scan-recognition-progress"
            max={100}
            value={s.total > 0 || s.status === 'ready' ? recognised : undefined}
          />
        </div>
      )}

      <div className="scan-actions">
        <button type="button" className="secondary" onClick={p.onBack} disabled={working}>
          {t('scanner.wizard.back')}
        </button>
        <button type="submit" disabled={working} aria-busy={working || undefined}>
          {t('scanner.wizard.upload.submit')}
        </button>
      </div>
    </form>
  );
}

// System tools the recognition pipeline calls as child processes: tesseract (OCR), pdftoppm
// (rendering pages for OCR and thumbnails) and soffice (LibreOffice, office conversions). Detected
// once per process and cached; a missing tool becomes ScanInputError('toolMissing', format) at the
// moment a file of that format needs it, never a crash.
import { spawn } from 'node:child_process';
import { ScanInputError, type ScanFormat } from './types.ts';

export type ToolName = 'tesseract' | 'pdftoppm' | 'soffice';

export interface ToolInfo {
  available: boolean;
  /** First line of `<tool> --version` (or -v), '' when unavailable. */
  version: string;
}

const VERSION_ARGS: Record<ToolName, string[]> = {
  tesseract: ['--version'],
  pdftoppm: ['-v'],
  soffice: ['--version'],
};

let detected: Promise<Record<ToolName, ToolInfo>> | null = null;

async function probe(tool: ToolName): Promise<ToolInfo> {
  try {
    const r = await runTool(tool, VERSION_ARGS[tool], { timeoutMs: 30_000 });
    const text = (r.stdout.toString('utf8') + '\n' + r.stderr.toString('utf8')).trim();
    return {
      available: true,
      version:
        text
          .split('\n')
          .find((l) => l.trim())
          ?.trim() ?? '',
    };
  } catch {
    return { available: false, version: '' };
  }
}

/** Which tools are installed, with their versions (detected once per process). */
export function toolInfo(): Promise<Record<ToolName, ToolInfo>> {
  detected ??= (async () => {
    const [tesseract, pdftoppm, soffice] = await Promise.all([
      probe('tesseract'),
      probe('pdftoppm'),
      probe('soffice'),
    ]);
    return { tesseract, pdftoppm, soffice };
  })();
  return detected;
}

/** Contract helper for the service: which recognition tools this machine has. */
export async function scannerTools(): Promise<{
  tesseract: boolean;
  soffice: boolean;
  pdftoppm: boolean;
}> {
  const t = await toolInfo();
  return {
    tesseract: t.tesseract.available,
    soffice: t.soffice.available,
    pdftoppm: t.pdftoppm.available,
  };
}

/** Throws ScanInputError('toolMissing', format) when `tool` is not installed. */
export async function requireTool(tool: ToolName, format: ScanFormat): Promise<void> {
  const t = await toolInfo();
  if (!t[tool].available)
    throw new ScanInputError('toolMissing', format, `${tool} is not installed`);
}

/** Forget the cached detection (tests). */
export function resetToolCache(): void {
  detected = null;
}

export interface RunResult {
  stdout: Buffer;
  stderr: Buffer;
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  env?: Record<string, string>;
  cwd?: string;
  /** Format named in errors (timeout). */
  format?: ScanFormat;
  /** Cap on collected stdout bytes (default 256 MB). */
  maxOutput?: number;
}

/**
 * Runs a tool without blocking the event loop. Rejects with ScanInputError('timeout') when it runs
 * longer than timeoutMs, with an AbortError when `signal` aborts (the child is killed in both
 * cases), and with an Error carrying stderr (and `exitCode`) when it exits non-zero.
 */
export function runTool(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    const max = opts.maxOutput ?? 256 * 1024 * 1024;
    let settled = false;
    let failure: unknown = null;
    const kill = (why: unknown) => {
      failure ??= why;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        kill(
          new ScanInputError('timeout', opts.format, `${cmd} ran longer than ${opts.timeoutMs} ms`),
        ),
      opts.timeoutMs,
    );
    const onAbort = () => kill(opts.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (b: Buffer) => {
      outBytes += b.length;
      if (outBytes > max) kill(new Error(`${cmd}: output larger than ${max} bytes`));
      else out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => {
      if (err.length < 64) err.push(b);
    });
    const finish = (e: unknown, r?: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (e) reject(e);
      else resolve(r!);
    };
    child.on('error', (e) => finish(failure ?? e));
    child.on('close', (code, sig) => {
      const stderr = Buffer.concat(err);
      if (failure) finish(failure);
      else if (code !== 0)
        finish(
          Object.assign(
            new Error(
              `${cmd} exited with ${code ?? sig}: ${stderr.toString('utf8').slice(0, 500)}`,
            ),
            { exitCode: code },
          ),
        );
      else finish(null, { stdout: Buffer.concat(out), stderr });
    });
  });
}

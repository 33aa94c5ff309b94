// Office conversions through Debian's LibreOffice (soffice --headless --convert-to). Every run gets
// its own user profile in a temporary folder (concurrent runs otherwise collide on the profile
// lock), a timeout that kills the whole process group, and a check for the "exit 0 but no output"
// failure; the folder is removed afterwards whatever happened.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ScanInputError } from './types.ts';
import type { ScanFormat } from './types.ts';
import { LIBREOFFICE_TIMEOUT_MS } from './limits.ts';

export type OfficeSource = 'xlsx' | 'xls' | 'docx' | 'doc';
/** pdf/xlsx/docx for reading; xls/doc are written only by the test corpus generator. */
export type OfficeTarget = 'pdf' | 'xlsx' | 'docx' | 'xls' | 'doc';

/** LibreOffice output filters per target; pdf picks the filter of the source's application. */
const FILTER: Record<OfficeTarget, (from: OfficeSource) => string> = {
  pdf: (from) =>
    from === 'xlsx' || from === 'xls' ? 'pdf:calc_pdf_Export' : 'pdf:writer_pdf_Export',
  xlsx: () => 'xlsx:Calc MS Excel 2007 XML',
  docx: () => 'docx:MS Word 2007 XML',
  xls: () => 'xls:MS Excel 97',
  doc: () => 'doc:MS Word 97',
};

export interface ConvertOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Parent folder for the temporary files (default: the OS temp folder). */
  workDir?: string;
}

/** The soffice binary: $SOFFICE when set, else `soffice` on the PATH. */
function sofficeBinary(): string {
  return process.env.SOFFICE || 'soffice';
}

/**
 * Convert an office document with LibreOffice. Throws ScanInputError: 'toolMissing' (soffice not
 * installed), 'timeout', 'corrupt' (LibreOffice failed or wrote nothing).
 */
export async function convertOffice(
  bytes: Uint8Array,
  from: OfficeSource,
  to: OfficeTarget,
  opts: ConvertOptions = {},
): Promise<Uint8Array> {
  const format = from as ScanFormat;
  const dir = await mkdtemp(path.join(opts.workDir ?? os.tmpdir(), 'lo-'));
  try {
    const input = path.join(dir, `input.${from}`);
    const outDir = path.join(dir, 'out');
    const profile = path.join(dir, 'profile');
    await mkdir(outDir);
    await mkdir(profile);
    await writeFile(input, bytes);
    const args = [
      '--headless',
      '--invisible',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--norestore',
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--convert-to',
      FILTER[to](from),
      '--outdir',
      outDir,
      input,
    ];
    await run(
      sofficeBinary(),
      args,
      format,
      opts.timeoutMs ?? LIBREOFFICE_TIMEOUT_MS,
      opts.signal,
      dir,
    );
    const produced = (await readdir(outDir)).filter((f) => f.toLowerCase().endsWith(`.${to}`));
    if (!produced.length)
      throw new ScanInputError('corrupt', format, 'LibreOffice exited without output');
    const out = await readFile(path.join(outDir, produced[0]!));
    if (!out.length) throw new ScanInputError('corrupt', format, 'LibreOffice wrote an empty file');
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(
  bin: string,
  args: string[],
  format: ScanFormat,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  cwd: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ScanInputError('timeout', format, 'aborted'));
      return;
    }
    let stderr = '';
    let settled = false;
    const child = spawn(bin, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, HOME: cwd, SAL_USE_VCLPLUGIN: 'svp' },
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => {
      kill();
      finish(new ScanInputError('timeout', format, `LibreOffice took over ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = () => {
      kill();
      finish(new ScanInputError('timeout', format, 'aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish(
        err.code === 'ENOENT'
          ? new ScanInputError('toolMissing', format, 'soffice is not installed')
          : new ScanInputError('corrupt', format, err.message),
      );
    });
    child.on('close', (code) => {
      if (code === 0) finish();
      else
        finish(
          new ScanInputError(
            'corrupt',
            format,
            `LibreOffice exit ${code}: ${stderr.trim().slice(0, 300)}`,
          ),
        );
    });
  });
}

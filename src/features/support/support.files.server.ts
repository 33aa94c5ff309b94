// Attachments of support requests: size cap, content sniffing against the allow list (the name's
// extension must fit the content), storage through the FileStore under a generated id. A refused
// file leaves nothing behind.
import { config } from '#lib/config.ts';
import { files, type StoredFile } from '#lib/files.server.ts';
import { extensionMatches, sniff } from '#lib/sniff.ts';

export const FILE_KIND = 'support';

/** Why a file was refused: a dictionary key and its parameters. */
export class FileRefused extends Error {
  readonly status: number;
  readonly key: string;
  readonly params: Record<string, string | number>;
  constructor(status: number, key: string, params: Record<string, string | number> = {}) {
    super(key);
    this.status = status;
    this.key = key;
    this.params = params;
  }
}

export const fileLimit = (): number => config().supportFileLimit;

/** Megabytes for messages, e.g. 20 or 0.5. */
export const megabytes = (bytes: number): string =>
  String(Math.round((bytes / 1024 / 1024) * 10) / 10);

/** Checks an uploaded file; returns the bytes and the sniffed type, or throws FileRefused. */
export async function checkUpload(
  file: unknown,
): Promise<{ bytes: Uint8Array; mime: string; name: string }> {
  if (!(file instanceof File) || file.size === 0)
    throw new FileRefused(422, 'files.errors.missing');
  const limit = fileLimit();
  if (file.size > limit)
    throw new FileRefused(413, 'files.errors.tooLarge', { size: megabytes(limit) });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniff(bytes, file.name);
  if (!sniffed) throw new FileRefused(415, 'files.errors.type');
  if (!extensionMatches(sniffed, file.name))
    throw new FileRefused(415, 'files.errors.extension', { ext: sniffed.extensions.join(', ') });
  return { bytes, mime: sniffed.mime, name: file.name };
}

export async function storeUpload(
  owner: number,
  upload: { bytes: Uint8Array; mime: string; name: string },
): Promise<StoredFile> {
  return files().put(upload.bytes, {
    owner,
    kind: FILE_KIND,
    name: upload.name,
    type: upload.mime,
  });
}

export async function removeStored(id: string): Promise<void> {
  await files().remove(id);
}

// Files in S3-compatible object storage (AWS S3, MinIO, Ceph, Yandex Object Storage, ...), set by
// FILE_STORE=s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=... (s3+http:// for plain HTTP, e.g.
// a MinIO on the same host). Path-style addresses by default (every S3-compatible server takes
// them); virtual=1 puts the bucket in the host name. One object per file, named by its id; the
// description travels as the object's Content-Type and x-amz-meta-* headers, so a GET or HEAD gives
// everything back in one round trip. The bucket must exist: the operator creates it.
import { sha256Hex, signV4, type SigningKey } from './sigv4.ts';
import { isFileId, newStoredFile, type FileStore, type StoredFile } from './types.ts';

export interface S3Location {
  endpoint: URL;
  bucket: string;
  prefix: string;
  virtual: boolean;
  key: SigningKey;
}

/** Parses FILE_STORE's S3 URL; throws an Error naming what is missing. */
export function parseS3Url(value: string): S3Location {
  const u = new URL(value);
  if (u.protocol !== 's3:' && u.protocol !== 's3+http:' && u.protocol !== 's3+https:')
    throw new Error('must start with s3://, s3+https:// or s3+http://');
  if (!u.username || !u.password)
    throw new Error('must carry the access key and secret as s3://KEY:SECRET@host/bucket');
  const [bucket, ...rest] = u.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('must name the bucket as s3://KEY:SECRET@host/bucket');
  const scheme = u.protocol === 's3+http:' ? 'http:' : 'https:';
  return {
    endpoint: new URL(`${scheme}//${u.host}`),
    bucket: decodeURIComponent(bucket),
    prefix: rest.map((s) => decodeURIComponent(s) + '/').join(''),
    virtual: u.searchParams.get('virtual') === '1',
    key: {
      accessKeyId: decodeURIComponent(u.username),
      secretAccessKey: decodeURIComponent(u.password),
      region: u.searchParams.get('region') || 'us-east-1',
    },
  };
}

export class S3Error extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const EMPTY = sha256Hex('');

function describe(id: string, h: Headers): StoredFile | null {
  const owner = Number(h.get('x-amz-meta-owner'));
  const kind = h.get('x-amz-meta-kind');
  if (!Number.isSafeInteger(owner) || !kind) return null;
  return {
    id,
    owner,
    kind,
    name: decodeURIComponent(h.get('x-amz-meta-name') ?? 'file'),
    type: h.get('content-type') ?? 'application/octet-stream',
    size: Number(h.get('content-length') ?? 0),
    created_at: h.get('x-amz-meta-created') ?? '',
  };
}

export function createS3Store(loc: S3Location, fetchImpl: typeof fetch = fetch): FileStore {
  const objectUrl = (id: string) =>
    loc.virtual
      ? new URL(`${loc.endpoint.protocol}//${loc.bucket}.${loc.endpoint.host}/${loc.prefix}${id}`)
      : new URL(`${loc.endpoint.origin}/${encodeURIComponent(loc.bucket)}/${loc.prefix}${id}`);

  async function send(
    method: string,
    id: string,
    body?: Uint8Array,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const url = objectUrl(id);
    const signed = signV4(
      { method, url, headers, payloadHash: body ? sha256Hex(body) : EMPTY },
      loc.key,
    );
    const res = await fetchImpl(url, {
      method,
      headers: signed,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (res.ok || (res.status === 404 && method !== 'PUT')) return res;
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? res.statusText;
    throw new S3Error(res.status, `object storage ${method} answered ${res.status} ${code}`);
  }

  return {
    kind: 's3',
    async put(data, fields) {
      const file = newStoredFile(data, fields);
      await send('PUT', file.id, data, {
        'content-type': file.type,
        'x-amz-meta-owner': String(file.owner),
        'x-amz-meta-kind': file.kind,
        'x-amz-meta-name': encodeURIComponent(file.name),
        'x-amz-meta-created': file.created_at,
      });
      return file;
    },
    async info(id) {
      if (!isFileId(id)) return null;
      const res = await send('HEAD', id);
      await res.body?.cancel();
      return res.ok ? describe(id, res.headers) : null;
    },
    async read(id) {
      if (!isFileId(id)) return null;
      const res = await send('GET', id);
      if (res.ok) return Buffer.from(await res.arrayBuffer());
      await res.body?.cancel();
      return null;
    },
    async get(id) {
      if (!isFileId(id)) return null;
      const res = await send('GET', id);
      if (!res.ok) {
        await res.body?.cancel();
        return null;
      }
      const data = Buffer.from(await res.arrayBuffer());
      const info = describe(id, res.headers);
      return info ? { info: { ...info, size: data.byteLength }, data } : null;
    },
    async remove(id) {
      if (!isFileId(id)) return;
      const res = await send('DELETE', id);
      await res.body?.cancel();
    },
  };
}

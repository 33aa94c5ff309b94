// AWS Signature Version 4 for S3-compatible object storage, written on node:crypto (decision record
// 0012): the whole client needs four operations (PUT, GET, HEAD, DELETE of one object), which do not
// justify the AWS SDK's size, and this is the part that must be exactly right. Tested against AWS's
// published example and against an S3 server that checks signatures (tests/integration).
import { createHash, createHmac } from 'node:crypto';

export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignedRequest {
  method: string;
  url: URL;
  /** Headers to send; host, x-amz-date and x-amz-content-sha256 are added. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (of the empty string when there is none). */
  payloadHash: string;
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export const encodeRfc3986 = (s: string): string =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** 20130524T000000Z */
export const amzDate = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Returns the headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and Authorization. */
export function signV4(
  req: SignedRequest,
  key: SigningKey,
  now: Date = new Date(),
): Record<string, string> {
  const service = key.service ?? 's3';
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    headers[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  headers['host'] = req.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = req.payloadHash;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  // S3 signs the path as sent, each segment encoded once.
  const path = req.url.pathname
    .split('/')
    .map((s) => encodeRfc3986(decodeURIComponent(s)))
    .join('/');
  const canonical = [
    req.method,
    path,
    canonicalQuery(req.url),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${key.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const { host: _host, ...out } = headers;
  return {
    ...out,
    authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

import { describe, expect, it } from 'vitest';
import { createS3Store, parseS3Url } from './s3.ts';

/** A fetch that records what would be sent and answers like S3 would for a missing object. */
function recorder() {
  const calls: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
  const fetchImpl = (async (url: URL, init: RequestInit) => {
    calls.push({
      url: String(url),
      method: String(init.method),
      headers: init.headers as Record<string, string>,
    });
    return new Response(init.method === 'PUT' ? '' : null, {
      status: init.method === 'PUT' ? 200 : 404,
    });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('S3 object addresses', () => {
  it('uses path-style addresses under the prefix by default', async () => {
    const { calls, fetchImpl } = recorder();
    const store = createS3Store(
      parseS3Url('s3://AK:SK@storage.example/files/cabinet/prod?region=ru-central1'),
      fetchImpl,
    );
    const put = await store.put(new Uint8Array([1, 2]), {
      owner: 7,
      kind: 'support',
      name: 'Отчёт.pdf',
      type: 'application/pdf',
    });
    expect(calls[0]!.url).toBe(`https://storage.example/files/cabinet/prod/${put.id}`);
    expect(calls[0]!.headers['x-amz-meta-name']).toBe(encodeURIComponent('Отчёт.pdf'));
    expect(calls[0]!.headers['authorization']).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/ru-central1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-meta-created;x-amz-meta-kind;x-amz-meta-name;x-amz-meta-owner, Signature=[0-9a-f]{64}$/,
    );
    expect(await store.info(put.id)).toBeNull();
    expect(calls[1]).toMatchObject({ method: 'HEAD', url: calls[0]!.url });
  });

  it('puts the bucket in the host name with virtual=1', async () => {
    const { calls, fetchImpl } = recorder();
    const store = createS3Store(
      parseS3Url('s3+http://AK:SK@minio.local:9000/bucket?virtual=1'),
      fetchImpl,
    );
    const put = await store.put(new Uint8Array([1]), {
      owner: 1,
      kind: 'avatar',
      name: 'a.webp',
      type: 'image/webp',
    });
    expect(calls[0]!.url).toBe(`http://bucket.minio.local:9000/${put.id}`);
  });

  it('never sends a request for a malformed id', async () => {
    const { calls, fetchImpl } = recorder();
    const store = createS3Store(parseS3Url('s3://AK:SK@h/b'), fetchImpl);
    expect(await store.get('../../other-bucket/x')).toBeNull();
    await store.remove('..');
    expect(calls).toEqual([]);
  });
});

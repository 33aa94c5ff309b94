import { describe, expect, it } from 'vitest';
import { encodeRfc3986, sha256Hex, signV4 } from './sigv4.ts';

const KEY = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('AWS Signature Version 4', () => {
  it("matches AWS's published example (GET Object with a Range header)", () => {
    const h = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: sha256Hex(''),
      },
      KEY,
      at,
    );
    expect(h['authorization']).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(h['x-amz-date']).toBe('20130524T000000Z');
  });

  it("matches AWS's published example (PUT Object with a body and storage class)", () => {
    const body = 'Welcome to Amazon S3.';
    const h = signV4(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        payloadHash: sha256Hex(body),
      },
      KEY,
      at,
    );
    expect(h['authorization']).toMatch(
      /SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/,
    );
  });

  it('encodes as RFC 3986 wants', () => {
    expect(encodeRfc3986("a b!'()*~.")).toBe('a%20b%21%27%28%29%2A~.');
  });
});

// A real S3-protocol server for the object-storage tests: @20minutes/s3rver (a maintained fork of
// s3rver) on 127.0.0.1, which checks SigV4 signatures against its account (S3RVER / S3RVER).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  /** FILE_STORE value for the bucket. */
  url: (bucket?: string, secret?: string) => string;
  port: number;
  stop(): Promise<void>;
}

export async function startS3(buckets = ['cabinet']): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'cabinet-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    port,
    url: (bucket = buckets[0]!, secret = 'S3RVER') =>
      `s3+http://S3RVER:${secret}@127.0.0.1:${port}/${bucket}?region=us-east-1`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

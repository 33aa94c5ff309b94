// The few parts of @20minutes/s3rver (ships no types) that tests/helpers/s3.ts uses.
declare module '@20minutes/s3rver' {
  interface Options {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string }>;
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

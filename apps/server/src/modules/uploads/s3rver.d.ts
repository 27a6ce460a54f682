// s3rver 3.7 ships no types; only what the S3 tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  type TS3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: TS3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

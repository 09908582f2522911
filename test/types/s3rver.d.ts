/** The parts of s3rver (an S3 server for tests) the suites use; the package ships no types. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  namespace S3rver {
    interface Options {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      allowMismatchedSignatures?: boolean;
      vhostBuckets?: boolean;
      serviceEndpoint?: string;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    }
  }

  class S3rver {
    constructor(options?: S3rver.Options);
    /** Starts listening; answers the address, with the port the system chose when port was 0. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** The listening server, once run() has resolved. */
    readonly httpServer: Server | undefined;
  }

  export = S3rver;
}

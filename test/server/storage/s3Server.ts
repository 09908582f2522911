import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The credentials s3rver accepts unless told otherwise. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  /** Calls the listener with each request the server receives (`PUT`, `/bucket/key?query`); answers how to stop. */
  onRequest(listener: (method: string, url: string) => void): () => void;
  /** A client for this server, signed with the test credentials. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  /** The environment that points the app's configured storage at a bucket of this server. */
  env(bucket: string): Record<string, string>;
  stop(): Promise<void>;
}

/** An S3 server on a free port of this machine, keeping its objects in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = await server.run();
  const httpServer = server.httpServer;
  if (!httpServer) throw new Error('the S3 server did not start');
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  let running = true;
  return {
    endpoint,
    onRequest(listener) {
      const seen = (request: IncomingMessage) => listener(request.method ?? '', request.url ?? '');
      httpServer.prependListener('request', seen);
      return () => httpServer.off('request', seen);
    },
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    env: (bucket) => ({
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    }),
    async stop() {
      if (!running) return;
      running = false;
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { FileStorage } from './fileStorage';
import { LocalFileStorage } from './localFileStorage';
import { S3FileStorage } from './s3FileStorage';

/** The storage the configuration names: the local folder (the embedded default) or an S3 bucket. */
export function openConfiguredStorage(config: Pick<Config, 'storage' | 'storageDir' | 's3'>): FileStorage {
  if (config.storage !== 's3') return new LocalFileStorage(config.storageDir);
  if (!config.s3) throw new Error('STORAGE=s3 needs the S3 settings');
  const { bucket, region, endpoint, credentials, forcePathStyle } = config.s3;
  // without credentials the SDK looks for them itself: environment, shared profile, instance or task role
  const client = new S3Client({ region, endpoint, forcePathStyle, ...(credentials ? { credentials } : {}) });
  return new S3FileStorage({ client, bucket });
}

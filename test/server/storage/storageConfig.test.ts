import { loadConfig } from '@/server/config';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import { openConfiguredStorage } from '@/server/storage/openStorage';
import { S3FileStorage } from '@/server/storage/s3FileStorage';

const base = { NODE_ENV: 'test', DATA_DIR: '/srv/payroll' };

describe('choosing the file storage from the environment', () => {
  it('keeps files in the local folder by default', () => {
    const config = loadConfig(base);
    expect(config.storage).toBe('local');
    expect(config.s3).toBeUndefined();
    expect(openConfiguredStorage(config)).toBeInstanceOf(LocalFileStorage);
  });

  it('reads the bucket settings, with the region and path style defaulted', () => {
    const config = loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'payroll-files' });
    expect(config.s3).toEqual({ bucket: 'payroll-files', region: 'us-east-1', endpoint: undefined, credentials: undefined, forcePathStyle: false });
    expect(openConfiguredStorage(config)).toBeInstanceOf(S3FileStorage);
  });

  it('reads an S3-compatible service with its own credentials', () => {
    const config = loadConfig({
      ...base,
      STORAGE: 's3',
      S3_BUCKET: 'payroll-files',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'payroll',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      bucket: 'payroll-files',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'payroll', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
    });
  });

  it.each([
    [{ STORAGE: 'gcs' }, 'STORAGE must be local or s3'],
    [{ STORAGE: 's3' }, 'S3_BUCKET is required when STORAGE=s3'],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL such as http://minio:9000'],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'payroll' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'secret-key' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('lists every storage problem at once', () => {
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_ENDPOINT: 'nowhere', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
      /S3_BUCKET is required[\s\S]*S3_ENDPOINT must be[\s\S]*go together/,
    );
  });
});

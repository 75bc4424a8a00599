import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server on loopback for the tests (s3rver from npm, in-process, a random port, a
 * temporary folder), with `bucket` created. `env` is what a node sets (STORAGE=s3, path style);
 * `stop` ends the server (the storage is then unreachable) and `close` also removes its folder.
 */
export async function startS3(bucket = 'tegang-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tegang-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    // s3rver's fixed credentials
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let stopped = false;
  return {
    env,
    endpoint,
    directory,
    client,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
    async close() {
      client.destroy();
      if (!stopped) await server.close();
      stopped = true;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

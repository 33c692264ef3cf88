import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where junk photos are kept: a folder under the data directory by default, S3-compatible object storage
 * when configured. Keys are `junk/<company id>/<job id>/<photo id>.<ext>`: never a customer's file name.
 */
export type PhotoStore = {
  kind: 'folder' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
};

export function folderStore(root: string): PhotoStore {
  const file = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`photo key outside the store: ${key}`);
    return target;
  };
  return {
    kind: 'folder',
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written whole or not at all: a reader never sees half a photo.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (bucket in the path): what MinIO, s3rver and most non-AWS services need. */
  forcePathStyle?: boolean;
};

export async function s3Store(options: S3Options): Promise<PhotoStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
  };
}

/** The store the environment names: S3 when SVC_PHOTOS_S3_BUCKET is set, else the folder. */
export function photoStoreFromEnv(env: { photosDir: string; s3?: S3Options }): PhotoStore | Promise<PhotoStore> {
  return env.s3 ? s3Store(env.s3) : folderStore(env.photosDir);
}

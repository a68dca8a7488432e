import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import { loadS3 } from "../lazy-imports.ts";
import { assertSafeKey, type Storage } from "./index.ts";

/**
 * Files in an S3-compatible bucket (AWS S3, R2, MinIO…), read by browsers from `publicUrl`
 * (the bucket's public address or a CDN in front of it), so instances share them. The SDK is
 * loaded by the first write (server/platform/lazy-imports.ts).
 */
export function s3Storage(config: S3Config): Storage {
  let client: S3Client | null = null;
  /** The SDK, and the client made once for this bucket. */
  async function sdk() {
    const s3 = await loadS3();
    client ??= new s3.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
    return { s3, client };
  }
  return {
    localRoot: null,
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { s3, client } = await sdk();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Keys are never reused (they carry a timestamp), so a stored file never changes.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `${config.publicUrl}/${key}`;
    },
    async read(key) {
      assertSafeKey(key);
      const { s3, client } = await sdk();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}

import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import { assertSafeKey, type Storage } from "./index.ts";

/**
 * Files in an S3-compatible bucket (AWS S3, R2, MinIO…), read by browsers from `publicUrl`
 * (the bucket's public address or a CDN in front of it), so instances share them.
 */
export function s3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  return {
    localRoot: null,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: assertSafeKey(key),
          Body: body,
          ContentType: contentType,
          // Keys are never reused (they carry a timestamp), so a stored file never changes.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `${config.publicUrl}/${key}`;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: assertSafeKey(key) }));
    },
  };
}

import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const LENGTH = 20;

/** A new random id: 20 characters of [0-9a-z] (about 103 bits), safe in URLs and file names. */
export function newId(): string {
  let id = "";
  while (id.length < LENGTH) {
    for (const b of randomBytes(LENGTH)) {
      // 252 is the largest multiple of 36 below 256: rejecting the rest keeps every character equally likely.
      if (b < 252 && id.length < LENGTH) id += ALPHABET[b % 36];
    }
  }
  return id;
}

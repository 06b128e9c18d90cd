import { createHash, randomBytes } from "node:crypto"

/** 32 random bytes, base64url: the secret a client holds. Only its SHA-256 is stored. */
export const newSecret = (): string => randomBytes(32).toString("base64url")

export const hashSecret = (secret: string): Buffer => createHash("sha256").update(secret).digest()

/** A short id shown to users and written to logs next to a 500's cause. */
export const newDigest = (): string => randomBytes(6).toString("hex")

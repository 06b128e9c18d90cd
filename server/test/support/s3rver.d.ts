/** The parts of s3rver 3.7 (an S3-compatible server in Node, no types of its own) the tests use. */
declare module "s3rver" {
  interface S3rverOptions {
    readonly port?: number
    readonly address?: string
    readonly directory?: string
    readonly silent?: boolean
    readonly configureBuckets?: ReadonlyArray<{ readonly name: string }>
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}

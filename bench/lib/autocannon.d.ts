// Types for the small part of autocannon (a devDependency without its own types) the bench uses.
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: Request[]
  }
  type Result = {
    errors: number
    timeouts: number
    non2xx: number
    requests: { total: number }
    duration: number
  }
  type Instance = Promise<Result> & {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): void
    stop(): void
  }
  function autocannon(options: Options): Instance
  export default autocannon
}

/** A refusal of a local AWS stand-in: its HTTP status and the service's error type (x-amzn-errortype). */
export class AwsApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

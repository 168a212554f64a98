/** The SQS message attribute that carries a request's correlation id to the worker that handles it. */
export const CORRELATION_ID_ATTRIBUTE = 'correlationId';

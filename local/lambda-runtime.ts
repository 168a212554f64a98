import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

const functionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../functions');

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<LambdaHandler>>();

/** Imports a manifest handler module (`http/get-me`) once, as a Lambda cold start would. */
function load(handlerPath: string): Promise<LambdaHandler> {
  let pending = loaded.get(handlerPath);
  if (!pending) {
    pending = import(pathToFileURL(path.join(functionsDir, `${handlerPath}.ts`)).href).then((module) => {
      if (typeof module.handler !== 'function') throw new Error(`functions/${handlerPath}.ts exports no handler`);
      return module.handler as LambdaHandler;
    });
    loaded.set(handlerPath, pending);
  }
  return pending;
}

// The local stack runs many invocations at once in one process, as Lambda's multi-concurrency
// mode does: Powertools then keeps each invocation's log context (request id, correlation id) apart.
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
const invocations = InvokeStore.getInstanceAsync(true);

function lambdaContext(handlerPath: string, deadline: number): Context {
  const name = `threadsnip-local-${handlerPath.replace(/\W+/g, '-')}`;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Invokes a handler with a Lambda-shaped context, failing after its timeout like Lambda does. */
export async function invokeHandler(handlerPath: string, event: unknown, timeoutSeconds: number): Promise<unknown> {
  const store = await invocations;
  // The module's cold start runs in an init context of its own, as Lambda's does.
  const handler = await store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: 'init' }, () => load(handlerPath));
  const deadline = Date.now() + timeoutSeconds * 1000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Task timed out after ${timeoutSeconds} seconds`)),
      timeoutSeconds * 1000,
    );
  });
  try {
    const context = lambdaContext(handlerPath, deadline);
    const invocation = store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () =>
      handler(event, context),
    );
    return await Promise.race([invocation, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

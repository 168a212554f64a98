import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

const functionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../functions');

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<LambdaHandler>>();

/** Imports a manifest handler module (`http/account/get-me`) once, as a Lambda cold start would. */
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

let invocations: Promise<InvokeStoreBase> | undefined;

/**
 * Runs `run` in an invocation scope of its own when the process runs invocations concurrently
 * (AWS_LAMBDA_MAX_CONCURRENCY, as the local stack sets it); otherwise as Lambda runs one at a time.
 */
async function inInvocation<T>(requestId: string, run: () => Promise<T>): Promise<T> {
  if (!process.env.AWS_LAMBDA_MAX_CONCURRENCY) return run();
  invocations ??= InvokeStore.getInstanceAsync(true);
  return (await invocations).run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, run);
}

/**
 * Runs a step of the local stack's own start that loads handler code outside any handler (its
 * modules' initialisation needs a scope, as a cold start has).
 */
export function runStartStep<T>(name: string, run: () => Promise<T>): Promise<T> {
  return inInvocation(name, run);
}

/**
 * Loads handler modules before their first invocation, one after another, as a warm Lambda would
 * have them: the first request then pays no module load. A module that fails to load is forgotten,
 * so its first invocation loads it again and reports the error where it belongs.
 */
export async function warmHandlers(handlerPaths: readonly string[]): Promise<void> {
  for (const handlerPath of handlerPaths) {
    await inInvocation('init', () => load(handlerPath)).catch(() => loaded.delete(handlerPath));
  }
}

/** The local name of the function serving a handler module (`threadsnip-local-schedule-fire-scheduled-item`). */
export function localFunctionName(handlerPath: string): string {
  return `threadsnip-local-${handlerPath.replace(/\W+/g, '-')}`;
}

/** The ARN the local stack gives that function (what the local scheduler's targets name). */
export function localFunctionArn(handlerPath: string): string {
  return `arn:aws:lambda:us-east-1:000000000000:function:${localFunctionName(handlerPath)}`;
}

function lambdaContext(handlerPath: string, deadline: number): Context {
  const name = localFunctionName(handlerPath);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: localFunctionArn(handlerPath),
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
  // The module's cold start runs in an init scope of its own.
  const handler = await inInvocation('init', () => load(handlerPath));
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
    const invocation = inInvocation(context.awsRequestId, () => handler(event, context));
    return await Promise.race([invocation, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

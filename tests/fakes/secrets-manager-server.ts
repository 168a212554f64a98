import { readText, serveOnLoopback } from './fake-http';

/**
 * A loopback stand-in for Secrets Manager's GetSecretValue, in the SDK's JSON protocol
 * (`x-amz-target: secretsmanager.GetSecretValue`, `application/x-amz-json-1.1`): the secrets it
 * holds can be changed while it runs, as an operator fills in or rolls a secret.
 */
export async function startFakeSecretsManager() {
  const secrets = new Map<string, string>();
  /** The SecretId of every GetSecretValue call, in order. */
  const requests: string[] = [];
  const server = await serveOnLoopback(async (req, res) => {
    const send = (status: number, body: unknown) => {
      // No Date header: the SDK would take a test's moved clock for skew and retry a failed call once.
      res.sendDate = false;
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(body));
    };
    const input = JSON.parse((await readText(req)) || '{}') as { SecretId?: string };
    if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
      return send(400, { __type: 'UnknownOperationException', message: 'Only GetSecretValue is served here' });
    }
    const id = String(input.SecretId);
    requests.push(id);
    const value = secrets.get(id);
    if (value === undefined) {
      return send(400, {
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      });
    }
    const arn = id.startsWith('arn:') ? id : `arn:aws:secretsmanager:us-east-1:123456789012:secret:${id}-AbCdEf`;
    send(200, { ARN: arn, Name: id.split(':').pop(), SecretString: value, VersionId: 'v1' });
  });
  return { ...server, secrets, requests };
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own client connected to `/mcp` at `baseUrl` with a key, as an assistant connects. */
export async function connectMcp(baseUrl: string, secret: string): Promise<Client> {
  const client = new Client({ name: 'threadsnip-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool call's answer: whether it is an error, its text, and the JSON in it (null when not JSON). */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    // A refusal is `code: message`, not JSON.
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the tool answered and assert on it
  return { isError: result.isError === true, text, data: data as any };
}

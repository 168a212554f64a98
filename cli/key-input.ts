/**
 * Reads an API key for `threadsnip login`: from a terminal with a prompt on stderr and nothing
 * echoed, otherwise (a pipe, or `--key-stdin`) the first line of standard input. Never from argv.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export async function readKey(prompt: string, fromStdin: boolean): Promise<string> {
  if (fromStdin || !process.stdin.isTTY) return firstLine(process.stdin);
  process.stderr.write(prompt);
  // Typed characters go to a sink, not the terminal; the line still reaches readline.
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const reader = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      reader.once('line', resolve);
      reader.once('close', () => resolve(''));
    });
  } finally {
    reader.close();
    process.stderr.write('\n');
  }
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end);
  }
  return text;
}

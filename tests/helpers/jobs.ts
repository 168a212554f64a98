import { api } from './auth-client';

/** Polls a generation job through the API until it ends; returns its final state. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON the API answered
export async function waitForJob(baseUrl: string, token: string, jobId: string): Promise<any> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const job = await api(baseUrl, `/api/generation-jobs/${jobId}`, { token });
    if (job.body.status === 'succeeded' || job.body.status === 'failed') return job.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// TEMPORARY placeholder until w/mail merges (not committed).
export async function sendMail(_message: { to: string; subject: string; text: string; html?: string }): Promise<void> {}

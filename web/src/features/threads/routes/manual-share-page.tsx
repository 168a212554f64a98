import { useParams } from 'react-router-dom';

/** /thread/{id}/manual-share: copy a thread post by post; only reached signed in (the guard sends others to /auth). */
export function ManualSharePage() {
  const { threadId } = useParams();
  return (
    <section className="page">
      <h1>Manual Share</h1>
      <p className="muted">Copy the posts of thread {threadId} one by one to share them anywhere.</p>
    </section>
  );
}

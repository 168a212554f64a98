import { useParams } from 'react-router-dom';

/** /thread/{id}: one saved thread; only reached signed in (the router guard sends others to /auth). */
export function ThreadPage() {
  const { threadId } = useParams();
  return (
    <section className="page">
      <h1>Thread</h1>
      <p className="muted">Thread {threadId} will be shown here for editing and sharing.</p>
    </section>
  );
}

import { useSearchParams } from 'react-router-dom';

/** /create: the thread creation flow (input, generate, preview, share, publish) is built by its own feature work. */
export function CreatePage() {
  const [searchParams] = useSearchParams();
  const url = searchParams.get('url');
  return (
    <section className="page page--narrow">
      <h1>Create Thread</h1>
      <p className="muted">
        Paste an article link and ThreadSnip turns it into a thread that credits the original author. Anyone can open
        this page; generating a thread asks you to sign in first.
      </p>
      {url ? <p className="small">Article waiting to be generated: {url}</p> : null}
    </section>
  );
}

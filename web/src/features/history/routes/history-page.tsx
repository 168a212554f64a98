/** /history (My Threads): the list of saved threads; only reached signed in (the router guard sends others to /auth). */
export function HistoryPage() {
  return (
    <section className="page">
      <h1>My Threads</h1>
      <p className="muted">Your saved threads will be listed here.</p>
    </section>
  );
}
